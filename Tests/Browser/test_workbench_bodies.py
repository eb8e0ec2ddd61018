"""Request bodies the workbench must not read: a request refused at its headers is answered
and its connection closed before the body arrives, and a body is cut at the 1 MiB limit by the
bytes received, whatever its headers declared. Bodies are streamed from memory, never a file."""

import select
import socket
import unittest

from workbench_server import Workbench, binary

BODY_BYTES = 300 << 20
CHUNK = b"\0" * (64 << 10)


def peak_memory_kib(pid):
    """The process's VmHWM (peak resident set), in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM in /proc/PID/status")


def stream_request(workbench, head_lines, chunked=False):
    """Sends `head_lines` and then up to 300 MB of body while the server lets it; returns
    (status, headers in lower case, body bytes sent, whether the server closed)."""
    connection = socket.create_connection(("127.0.0.1", workbench.port), timeout=30)
    connection.sendall(("\r\n".join(head_lines) + "\r\n\r\n").encode())
    piece = (b"%x\r\n" % len(CHUNK)) + CHUNK + b"\r\n" if chunked else CHUNK
    sent, answer, closed = 0, b"", False
    try:
        while not closed:
            sending = sent < BODY_BYTES
            readable, writable, _ = select.select([connection], [connection] if sending else [], [], 30)
            if not readable and not writable:
                break  # 30 s without an answer: the server is waiting for the body
            if readable:
                data = connection.recv(65536)
                closed = not data
                answer += data
            elif writable:
                sent += connection.send(piece)
    except (BrokenPipeError, ConnectionResetError):
        closed = True
    connection.close()
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    status = int(head[0].split(" ")[1]) if head[0].startswith("HTTP/") else None
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, sent, closed


class RequestBodyTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.workbench = Workbench(binary())
        cls.host = f"Host: 127.0.0.1:{cls.workbench.port}"
        cls.allowed = [cls.host, f"Origin: {cls.workbench.origin}"]

    @classmethod
    def tearDownClass(cls):
        cls.workbench.stop()

    def test_a_refused_request_is_answered_before_its_body_is_read(self):
        before = peak_memory_kib(self.workbench.process.pid)
        status, headers, sent, closed = stream_request(
            self.workbench, ["POST / HTTP/1.1", self.host, f"Content-Length: {BODY_BYTES}"])
        self.assertEqual((status, headers.get("connection")), (403, "close"))
        self.assertTrue(closed)
        self.assertLess(sent, BODY_BYTES // 4)
        self.assertLess(peak_memory_kib(self.workbench.process.pid) - before, 64 << 10)

    def test_a_declared_body_over_the_limit_is_refused_on_any_method(self):
        for method in ["GET", "POST"]:
            with self.subTest(method=method):
                status, headers, sent, closed = stream_request(
                    self.workbench,
                    [f"{method} /?token={self.workbench.token} HTTP/1.1", *self.allowed, f"Content-Length: {BODY_BYTES}"])
                self.assertEqual((status, headers.get("connection")), (413, "close"))
                self.assertTrue(closed)
                self.assertLess(sent, BODY_BYTES // 4)

    def test_a_chunked_body_is_cut_at_the_limit_whatever_its_declared_length(self):
        status, headers, sent, closed = stream_request(
            self.workbench,
            [f"POST /?token={self.workbench.token} HTTP/1.1", *self.allowed, "Content-Length: 10", "Transfer-Encoding: chunked"],
            chunked=True)
        self.assertEqual((status, headers.get("connection")), (413, "close"))
        self.assertTrue(closed)
        self.assertLess(sent, BODY_BYTES // 4)

    def test_a_refused_request_closes_its_connection(self):
        connection = socket.create_connection(("127.0.0.1", self.workbench.port), timeout=10)
        connection.sendall(f"GET / HTTP/1.1\r\n{self.host}\r\n\r\n".encode())
        answer = b""
        while True:
            data = connection.recv(65536)
            if not data:
                break
            answer += data
        connection.close()
        self.assertTrue(answer.startswith(b"HTTP/1.1 403 "), answer[:80])
        self.assertIn(b"\r\nConnection: close\r\n", answer)
        self.assertIn(b"the access token is missing or wrong", answer)


if __name__ == "__main__":
    unittest.main()

"""The workbench's security model, over raw HTTP (no browser normalizes these paths away):
the token, the Host and Origin checks, served files kept inside their folder, size limits
(where it listens and how it stops: test_workbench_binding.py)."""

import base64
import http.client
import os
import shutil
import socket
import tempfile
import unittest

from workbench_server import Workbench, binary


def request(workbench, method, path, headers=None, body=None, host=None):
    connection = http.client.HTTPConnection("127.0.0.1", workbench.port, timeout=10)
    all_headers = {"Host": host or f"127.0.0.1:{workbench.port}"}
    all_headers.update(headers or {})
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in all_headers.items():
        connection.putheader(name, value)
    if body is not None:
        connection.putheader("Content-Length", str(len(body)))
    connection.endheaders(body)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, response.headers, data


def websocket_handshake(workbench, origin, token=None, keep=False):
    """Sends a WebSocket upgrade and returns the status code of the answer (and the open
    socket with `keep`)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        f"GET /socket{'?token=' + token if token else ''} HTTP/1.1", f"Host: 127.0.0.1:{workbench.port}", "Upgrade: websocket",
        "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
    ]
    if origin:
        lines.append(f"Origin: {origin}")
    connection = socket.create_connection(("127.0.0.1", workbench.port), timeout=10)
    connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += connection.recv(4096)
    status = int(answer.split(b" ")[1])
    if keep:
        # Bytes past the headers are the first frames.
        return status, connection, answer.split(b"\r\n\r\n", 1)[1]
    connection.close()
    return status


def send_text_frame(connection, payload):
    """One masked WebSocket text frame, as a client must send it."""
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    elif len(payload) < 1 << 16:
        header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    else:
        header += bytes([0x80 | 127]) + len(payload).to_bytes(8, "big")
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    connection.sendall(header + mask + masked)


def read_frames(connection, data=b""):
    """The (opcode, payload) of every frame until the server closes, and whether it closed
    (rather than 10 s passing)."""
    closed = True
    try:
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    except ConnectionResetError:
        pass
    except socket.timeout:
        closed = False
    frames = []
    while len(data) >= 2:
        opcode, length = data[0] & 0x0F, data[1] & 0x7F
        offset = 2
        if length == 126:
            length, offset = int.from_bytes(data[2:4], "big"), 4
        elif length == 127:
            length, offset = int.from_bytes(data[2:10], "big"), 10
        frames.append((opcode, data[offset:offset + length]))
        data = data[offset + length:]
    return frames, closed


class SecurityTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="workbench-security-")
        cls.snapshots = os.path.join(cls.folder, "snapshots")
        os.makedirs(os.path.join(cls.snapshots, "item"))
        with open(os.path.join(cls.snapshots, "item", "collapsed.png"), "wb") as file:
            file.write(b"inside")
        for name in ["page.html", "drawing.svg", "script.js", "style.css", "notes.txt"]:
            with open(os.path.join(cls.snapshots, name), "wb") as file:
                file.write(b"<script>alert(1)</script>")
        with open(os.path.join(cls.snapshots, "item", "layout.json"), "wb") as file:
            file.write(b"{}")
        with open(os.path.join(cls.folder, "secret.txt"), "wb") as file:
            file.write(b"outside")
        os.symlink(os.path.join(cls.folder, "secret.txt"), os.path.join(cls.snapshots, "link.png"))
        os.symlink(cls.folder, os.path.join(cls.snapshots, "escape"))
        cls.workbench = Workbench(binary(), "--snapshots", cls.snapshots)
        cls.token = cls.workbench.token

    @classmethod
    def tearDownClass(cls):
        cls.workbench.stop()
        shutil.rmtree(cls.folder)

    def test_a_request_without_the_token_is_forbidden(self):
        status, _, _ = request(self.workbench, "GET", "/")
        self.assertEqual(status, 403)
        status, _, _ = request(self.workbench, "GET", "/assets/playground.js")
        self.assertEqual(status, 403)

    def test_a_wrong_token_is_forbidden(self):
        status, _, _ = request(self.workbench, "GET", "/?token=" + "0" * 64)
        self.assertEqual(status, 403)

    def test_the_token_is_never_put_in_a_cookie_nor_taken_from_one(self):
        # Browsers send a host's cookies to all its ports: another server on this machine
        # would receive the token.
        status, headers, _ = request(self.workbench, "GET", f"/?token={self.token}")
        self.assertEqual(status, 200)
        self.assertIsNone(headers["Set-Cookie"])
        status, _, _ = request(
            self.workbench, "GET", "/assets/playground.js",
            {"Cookie": f"expandable_preview_token={self.token}"})
        self.assertEqual(status, 403)
        status, _, body = request(self.workbench, "GET", f"/assets/playground.js?token={self.token}")
        self.assertEqual(status, 200)
        self.assertIn(b"WebSocket", body)

    def test_a_foreign_host_is_forbidden_even_with_the_token(self):
        # A DNS-rebinding page reaches 127.0.0.1 under its own name.
        status, _, _ = request(
            self.workbench, "GET", f"/?token={self.workbench.token}",
            host=f"attacker.example:{self.workbench.port}")
        self.assertEqual(status, 403)

    def test_a_websocket_from_a_foreign_origin_is_forbidden(self):
        self.assertEqual(websocket_handshake(self.workbench, "http://attacker.example", self.token), 403)
        self.assertEqual(websocket_handshake(self.workbench, None, self.token), 403)
        # The same handshake from the page's own origin is accepted: the check is the origin.
        self.assertEqual(websocket_handshake(self.workbench, self.workbench.origin, self.token), 101)

    def test_a_websocket_message_over_the_limit_closes_the_socket(self):
        status, connection, rest = websocket_handshake(
            self.workbench, self.workbench.origin, self.token, keep=True)
        self.assertEqual(status, 101)
        with connection:
            send_text_frame(connection, b"x" * (100 << 10))  # under libsoup's default 128 KiB
            frames, closed = read_frames(connection, rest)
        # The server ends the connection (its close frame, 1009 "too big", may be lost to the
        # reset that unread bytes cause) and renders nothing for it.
        self.assertTrue(closed)
        # Renders are answered in binary messages (0x2): none, past the greeting's text.
        self.assertEqual([opcode for opcode, _ in frames if opcode in (0x1, 0x2)][1:], [])
        closes = [payload for opcode, payload in frames if opcode == 0x8]
        for payload in closes:
            self.assertEqual(int.from_bytes(payload[:2], "big"), 1009)
        # A message under the limit on a new socket is still answered.
        status, connection, rest = websocket_handshake(
            self.workbench, self.workbench.origin, self.token, keep=True)
        with connection:
            connection.settimeout(3)
            send_text_frame(connection, b'{"type":"edit","seq":1,"text":"Hi","flags":[]}')
            frames, _ = read_frames(connection, rest)
        # The greeting (text) and the render's answer (one binary message).
        self.assertEqual([opcode for opcode, _ in frames if opcode in (0x1, 0x2)], [0x1, 0x2])

    def test_a_websocket_without_the_token_is_forbidden(self):
        self.assertEqual(websocket_handshake(self.workbench, self.workbench.origin), 403)

    def test_a_post_from_a_foreign_origin_is_forbidden(self):
        status, _, _ = request(
            self.workbench, "POST", f"/?token={self.token}", {"Origin": "http://attacker.example"}, b"{}")
        self.assertEqual(status, 403)

    def test_a_post_body_over_the_limit_is_refused(self):
        status, _, _ = request(
            self.workbench, "POST", f"/?token={self.token}", {"Origin": self.workbench.origin},
            b"x" * ((1 << 20) + 1))
        self.assertEqual(status, 413)

    def test_a_file_inside_the_snapshots_folder_is_served(self):
        status, _, body = request(self.workbench, "GET", f"/snapshots/item/collapsed.png?token={self.token}")
        self.assertEqual((status, body), (200, b"inside"))

    def test_snapshot_files_are_served_as_data_only(self):
        # A snapshots folder arrives through pull requests: nothing in it may run as the page.
        for path, kind in [("item/collapsed.png", "image/png"), ("item/layout.json", "application/json")]:
            with self.subTest(path=path):
                status, headers, _ = request(self.workbench, "GET", f"/snapshots/{path}?token={self.token}")
                self.assertEqual((status, headers["Content-Type"]), (200, kind))
                self.assertIn("sandbox", headers["Content-Security-Policy"])
                self.assertEqual(headers["X-Content-Type-Options"], "nosniff")
        for name in ["page.html", "drawing.svg", "script.js", "style.css", "notes.txt", "page%2Ehtml"]:
            with self.subTest(name=name):
                status, _, body = request(self.workbench, "GET", f"/snapshots/{name}?token={self.token}")
                self.assertEqual(status, 403)
                self.assertNotIn(b"<script>", body)

    def test_paths_that_leave_the_snapshots_folder_are_not_found(self):
        for path in [
            "/snapshots/../secret.txt",
            "/snapshots/item/../../secret.txt",
            "/snapshots/%2e%2e/secret.txt",
            "/snapshots/item/%2E%2E/%2e%2e/secret.txt",
            "/snapshots/.%2e/secret.txt",
            "/snapshots/link.png",
            "/snapshots/escape/secret.txt",
            "/snapshots//etc/passwd",
        ]:
            with self.subTest(path=path):
                status, _, body = request(self.workbench, "GET", f"{path}?token={self.token}")
                self.assertIn(status, (403, 404))  # 403: not a PNG or JSON file
                self.assertNotIn(b"outside", body)

    def test_paths_with_an_encoded_slash_are_refused(self):
        # libsoup answers 400 to an encoded "/" before any handler runs; were one to reach the
        # workbench, its own segment check answers 404.
        for path in [
            "/snapshots/%2E%2E%2Fsecret.txt",
            "/snapshots/item/%2e%2e%2f%2e%2e%2fsecret.txt",
            "/snapshots/..%2fsecret.txt",
            "/snapshots/%2fetc%2fpasswd",
        ]:
            with self.subTest(path=path):
                status, _, body = request(self.workbench, "GET", f"{path}?token={self.token}")
                self.assertIn(status, (400, 404))
                self.assertNotIn(b"outside", body)

    def test_other_methods_are_refused(self):
        status, _, _ = request(self.workbench, "DELETE", f"/?token={self.token}")
        self.assertEqual(status, 405)

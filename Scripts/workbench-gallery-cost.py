"""What the live gallery costs the server (Documentation/Robustness.md, round four, point 8): writes
an N-item manifest, starts `serve` on it with one gallery page connected (a plain WebSocket
client), asks for a small page file every 50 ms meanwhile, and prints the time until every item
is rendered, the longest any request waited, the bytes of state messages the page received, the
server's VmHWM, and how long Ctrl-C took.

Usage: python3 Scripts/workbench-gallery-cost.py BINARY N [N …] [--limit SECONDS] [--hold SECONDS]
(--limit: give up waiting for the renders then; --hold: keep polling until then, e.g. `1 --hold 30`
for what the machine's load alone costs an idle server's requests)."""

import base64
import json
import os
import shutil
import socket
import struct
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Browser"))
from workbench_server import Workbench  # noqa: E402

TEXT = "Hello world, this is a test of the expandable text component that should truncate."


def write_manifest(folder, count):
    path = os.path.join(folder, "manifest.json")
    items = [{"name": f"item{index}", "text": f"{index}: {TEXT}"} for index in range(count)]
    with open(path, "w") as file:
        json.dump({"defaults": {"width": 200, "scale": 1, "lineLimit": 2}, "items": items}, file)
    return path, os.path.getsize(path)


class GalleryPage:
    """A WebSocket client on /gallery-socket that keeps every item's last known state, from the
    whole-state messages and from the updates that name only some items."""

    def __init__(self, workbench, timeout):
        self.sock = socket.create_connection((workbench.host, workbench.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((
            f"GET /gallery-socket?token={workbench.token} HTTP/1.1\r\nHost: {workbench.host}:{workbench.port}\r\n"
            f"Origin: {workbench.origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"no WebSocket: {head!r}")
        self.items = {}
        self.messages = 0
        self.bytes = 0
        self.error = None

    def read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def next_message(self):
        payload = b""
        while True:
            first, second = self.read(2)
            size = second & 0x7F
            if size == 126:
                size = struct.unpack(">H", self.read(2))[0]
            elif size == 127:
                size = struct.unpack(">Q", self.read(8))[0]
            payload += self.read(size)
            if first & 0x0F == 8:
                raise EOFError
            if first & 0x80:
                return payload

    def receive(self):
        payload = self.next_message()
        self.messages += 1
        self.bytes += len(payload)
        message = json.loads(payload)
        if message.get("type") == "gallery" and "items" in message:
            self.items = {item["name"]: item for item in message["items"]}
        for item in message.get("updates", []):
            self.items[item["name"]] = item
        if "error" in message:
            self.error = message["error"]

    def done(self, count):
        return len(self.items) == count and all(
            item["generation"] > 0 and not item["pending"] for item in self.items.values())


def peak_memory_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) >> 10
    return 0


def measure(binary, count, limit, hold=0):
    folder = tempfile.mkdtemp(prefix="gallery-cost-")
    try:
        manifest, size = write_manifest(folder, count)
        started = time.monotonic()
        workbench = Workbench(binary, manifest, *os.environ.get("GALLERY_COST_SERVE_ARGS", "").split())
        pid = workbench.process.pid
        waits = []
        moments = []
        stop = threading.Event()

        def poll():
            url = f"http://{workbench.host}:{workbench.port}/assets/workbench.css?token={workbench.token}"
            while not stop.is_set():
                asked = time.monotonic()
                try:
                    urllib.request.urlopen(url, timeout=limit).read()
                except OSError:
                    pass
                waits.append(time.monotonic() - asked)
                moments.append(asked - started)
                time.sleep(0.05)

        poller = threading.Thread(target=poll, daemon=True)
        poller.start()
        finished = None
        page = None
        try:
            page = GalleryPage(workbench, limit)
            while time.monotonic() - started < limit:
                page.receive()
                if page.done(min(count, page_limit(page, count))):
                    finished = time.monotonic() - started
                    break
        except (socket.timeout, EOFError, ConnectionError):
            pass
        # A baseline: an idle server polled as long (what the machine's load alone costs).
        while time.monotonic() - started < hold:
            time.sleep(0.1)
        stop.set()
        poller.join(timeout=limit)
        memory = peak_memory_mib(pid)
        interrupted = time.monotonic()
        try:
            workbench.interrupt(timeout=30)
            stopped = f"{time.monotonic() - interrupted:.2f} s"
        except Exception:
            workbench.process.kill()
            stopped = "> 30 s (killed)"
        shown = f"{finished:.1f} s" if finished is not None else f"not done in {limit} s"
        print(f"{count} items ({size / 1e6:.1f} MB): all rendered {shown}, "
              f"worst wait {max(waits) * 1000:.0f} ms over {len(waits)} requests, "
              f"{page.messages if page else 'no answer;'} messages / {page.bytes / 1e6 if page else 0:.1f} MB "
              "to the page, "
              f"VmHWM {memory} MB, Ctrl-C {stopped}", flush=True)
        if os.environ.get("GALLERY_COST_WAITS"):
            worst = sorted(zip(waits, moments), reverse=True)[:5]
            print("  longest waits (ms at s):", ", ".join(f"{w * 1000:.0f} at {m:.1f}" for w, m in worst))
    finally:
        shutil.rmtree(folder)


def page_limit(page, count):
    """The items the page is shown: all of them, or as many as the server's budget says."""
    return len(page.items) if page.items and len(page.items) < count else count


if __name__ == "__main__":
    arguments = sys.argv[1:]
    options = {"--limit": 300.0, "--hold": 0.0}
    for option in options:
        if option in arguments:
            at = arguments.index(option)
            options[option] = float(arguments[at + 1])
            del arguments[at:at + 2]
    for count in arguments[1:]:
        measure(arguments[0], int(count), options["--limit"], options["--hold"])

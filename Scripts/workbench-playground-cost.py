"""Time one playground request takes (Documentation/Robustness.md, round four): Edge texts for
the text "a" at the given line limits, over the page's WebSocket. Usage:
python3 Scripts/workbench-playground-cost.py BINARY LIMIT... (each request given 300 s); a last
LIMIT written `ctrl-c:LIMIT` sends that request and Ctrl-C 2 s later, timing the stop; the
server's peak memory (VmHWM) is printed before the Ctrl-C."""

import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Browser"))
from test_workbench_security import send_text_frame, websocket_handshake  # noqa: E402
from workbench_server import Workbench  # noqa: E402


def frames(connection, data):
    """Yields text payloads as they arrive."""
    while True:
        while len(data) >= 2:
            length, offset = data[1] & 0x7F, 2
            if length == 126:
                length, offset = int.from_bytes(data[2:4], "big"), 4
            elif length == 127:
                length, offset = int.from_bytes(data[2:10], "big"), 10
            if len(data) < offset + length:
                break
            opcode, payload, data = data[0] & 0x0F, data[offset:offset + length], data[offset + length:]
            if opcode == 0x1:
                yield payload
            if opcode == 0x8:
                return
        chunk = connection.recv(1 << 20)
        if not chunk:
            return
        data += chunk


workbench = Workbench(sys.argv[1])
limits = sys.argv[2:]
interrupt_during = limits[-1].startswith("ctrl-c:") if limits else False
if interrupt_during:
    limits, last = limits[:-1], limits[-1].split(":", 1)[1]
for limit in limits:
    status, connection, rest = websocket_handshake(workbench, workbench.origin, workbench.token, keep=True)
    connection.settimeout(300)
    started = time.monotonic()
    send_text_frame(connection, json.dumps(
        {"type": "edges", "seq": 1, "text": "a", "flags": [["--line-limit", limit]]}).encode())
    answer = "no answer"
    try:
        for payload in frames(connection, rest):
            message = json.loads(payload)
            if message.get("type") != "hello":
                answer = message.get("type") + ("" if message.get("type") != "problem" else ": " + message.get("message", "")[:200])
                break
    except TimeoutError:
        answer = "timed out"
    print(f"line limit {limit}: {answer} after {time.monotonic() - started:.1f} s")
    connection.close()
if interrupt_during:
    status, connection, rest = websocket_handshake(workbench, workbench.origin, workbench.token, keep=True)
    send_text_frame(connection, json.dumps(
        {"type": "edges", "seq": 1, "text": "a", "flags": [["--line-limit", last]]}).encode())
    time.sleep(2)
with open(f"/proc/{workbench.process.pid}/status") as status_file:
    peak = next(line.split()[1] for line in status_file if line.startswith("VmHWM:"))
print(f"server VmHWM before Ctrl-C: {int(peak) >> 10} MB")
started = time.monotonic()
code, _, _ = workbench.interrupt(timeout=600)
print(f"Ctrl-C: exit {code} after {time.monotonic() - started:.1f} s")

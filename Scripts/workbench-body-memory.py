"""Peak memory of `serve` under large request bodies (Documentation/Robustness.md, round four):
300 MB streamed from memory with no token, a chunked body declaring 10 bytes with the token,
and three refused 300 MB bodies at once. Usage: python3 Scripts/workbench-body-memory.py BINARY"""

import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Browser"))
from test_workbench_bodies import BODY_BYTES, peak_memory_kib, stream_request  # noqa: E402
from workbench_server import Workbench  # noqa: E402

workbench = Workbench(sys.argv[1])
pid = workbench.process.pid
host = f"Host: 127.0.0.1:{workbench.port}"
refused = ["POST / HTTP/1.1", host, f"Content-Length: {BODY_BYTES}"]
allowed = [host, f"Origin: {workbench.origin}"]


def report(label, result):
    status, headers, sent, _ = result
    print(f"{label}: status {status}, Connection {headers.get('connection')}, "
          f"{sent >> 20} MB sent, VmHWM {peak_memory_kib(pid) >> 10} MB")


print(f"idle: VmHWM {peak_memory_kib(pid) >> 10} MB")
report("no token, 300 MB", stream_request(workbench, refused))
report("token, chunked, Content-Length 10", stream_request(
    workbench, [f"POST /?token={workbench.token} HTTP/1.1", *allowed, "Content-Length: 10", "Transfer-Encoding: chunked"],
    chunked=True))
threads = [threading.Thread(target=stream_request, args=(workbench, refused)) for _ in range(3)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(f"three refused 300 MB bodies at once: VmHWM {peak_memory_kib(pid) >> 10} MB")
workbench.interrupt()

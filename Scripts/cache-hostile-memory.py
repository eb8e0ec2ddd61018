#!/usr/bin/env python3
"""Peak memory of `render --jobs 8` of the example manifest against a hostile shared cache.

The cache is first filled honestly (a render with --cache into a plain HTTP store), then served
by a hostile server: every job entry's files are said to be 256 MiB, and every blob is answered
with a gzip body (Content-Encoding: gzip) that inflates to 256 MiB of zeros, a few hundred KB on
the wire. The plan bundle and font check are answered 404, so each job asks for its own entry.
Prints the run's peak RSS (/usr/bin/time -v), its exit status, its warnings and the bytes sent.

    python3 Scripts/cache-hostile-memory.py .build/debug/expandable-preview
"""
import gzip
import http.server
import json
import os
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading

HUGE = 256 << 20


class Store(http.server.BaseHTTPRequestHandler):
    """GET/PUT under a folder, as nginx with WebDAV does."""

    root = ""
    hostile = False
    sent = 0
    bomb = b""

    def log_message(self, *args):
        pass

    def path_on_disk(self):
        return os.path.join(self.root, self.path.strip("/").replace("/", "_"))

    def do_PUT(self):
        length = int(self.headers.get("Content-Length", 0))
        data = self.rfile.read(length)
        with open(self.path_on_disk(), "wb") as f:
            f.write(data)
        self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def answer(self, status, body, gzipped=False):
        self.send_response(status)
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
            Store.sent += len(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):
        if self.hostile and "/cas/" in self.path:
            return self.answer(200, Store.bomb, gzipped=True)
        try:
            with open(self.path_on_disk(), "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return self.answer(404, b"")
        if self.hostile:
            entry = json.loads(data.split(b"\n#signature ")[0])
            if entry.get("generator") != "expandable-preview cache entry":
                return self.answer(404, b"")
            for file in entry["files"]:
                file["size"] = HUGE
            data = json.dumps(entry).encode()
        self.answer(200, data)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def serve(hostile):
    Store.hostile = hostile
    server = Server(("127.0.0.1", 0), Store)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/ep"


def main():
    binary = os.path.abspath(sys.argv[1])
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    scratch = tempfile.mkdtemp(prefix="cache-hostile-")
    Store.root = os.path.join(scratch, "store")
    os.mkdir(Store.root)
    Store.bomb = gzip.compress(b"\0" * HUGE, 9)
    manifest = os.path.join(repository, "Examples", "manifest.json")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("EXPANDABLE_PREVIEW_")}
    server, url = serve(False)
    subprocess.run(
        [binary, "render", manifest, "--out", os.path.join(scratch, "honest"), "--quiet",
         "--cache", url], check=True, env=environment)
    server.shutdown()
    server, url = serve(True)
    Store.sent = 0
    run = subprocess.run(
        ["/usr/bin/time", "-v", binary, "render", manifest, "--out",
         os.path.join(scratch, "out"), "--jobs", "8", "--quiet", "--cache", url],
        capture_output=True, text=True, env=environment)
    server.shutdown()
    peak = [line for line in run.stderr.splitlines() if "Maximum resident set size" in line]
    warnings = [line for line in run.stderr.splitlines() if line.startswith("warning:")]
    print(f"exit status: {run.returncode}")
    print(peak[0].strip() if peak else "no peak reported")
    print(f"warnings: {len(warnings)}")
    for line in warnings[:3]:
        print("  " + line[:200])
    print(f"bytes sent by the cache: {Store.sent}")
    shutil.rmtree(scratch)


if __name__ == "__main__":
    main()

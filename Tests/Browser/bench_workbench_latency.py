"""Edit-to-image latency of the workbench, through the real WebSocket from headless Chromium:
200 edits of a 600-character text at scale 2 (150 keystrokes, 50 width steps of a drag), each
sent when the previous answer arrived, timed in the page from `send` to the answer's image bytes
received. Prints p50, p95 and the maximum in milliseconds, the server's share, the page's JSON
parse, and the load average before and after.

    swift build -c release --product expandable-preview
    EXPANDABLE_PREVIEW=.build/release/expandable-preview \\
      .build/python-venv/bin/python3 Tests/Browser/bench_workbench_latency.py [--jobs N]

`--jobs 1` renders an edit's states one after the other on one thread (as before they rendered
at once); the default is serve's (2).
"""

import argparse
import json
import os
import statistics
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from workbench_server import Workbench, binary  # noqa: E402

EDITS = 200
TEXT = ("Designers tune how a long bio reads when it is clamped to a few lines, and every "
        "keystroke should show the collapsed and the expanded state at once. ") * 5
TEXT = TEXT[:600]

SCRIPT = """
async ([text, edits]) => {
  const socket = new WebSocket(`ws://${location.host}/socket`);
  const answers = [];
  let waiting = null;
  socket.onmessage = (event) => {
    const received = performance.now();
    const message = JSON.parse(event.data);
    const parsed = performance.now() - received;
    if (waiting) { const resolve = waiting; waiting = null; resolve([message, received, parsed, event.data.length]); }
  };
  const next = () => new Promise((resolve) => { waiting = resolve; });
  await next();  // hello
  const times = [];
  let body = text.slice(0, 450);
  let width = 375;
  for (let i = 0; i < edits; i++) {
    if (i % 4 === 3) width = width > 200 ? width - 7 : 375;   // a drag, one step per edit
    else body = text.slice(0, Math.min(600, body.length + 1)); // typing
    const flags = [["--width", String(width)], ["--scale", "2"]];
    const sent = performance.now();
    socket.send(JSON.stringify({ type: "edit", seq: i + 1, text: body, flags }));
    const [message, received, parsed, length] = await next();
    if (message.type !== "render" || message.seq !== i + 1) throw new Error(JSON.stringify(message).slice(0, 200));
    times.push([received - sent, message.renderMilliseconds, parsed, length]);
  }
  socket.close();
  return times;
}
"""


def cpu_milliseconds(pid):
    """User and system CPU time of a process so far (/proc/PID/stat), in milliseconds."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=None, help="serve's --jobs")
    arguments = parser.parse_args()
    load_before = os.getloadavg()
    workbench = Workbench(binary(), *(["--jobs", str(arguments.jobs)] if arguments.jobs else []))
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
            page = browser.new_page()
            page.goto(workbench.url)
            page.wait_for_function("() => window.playgroundState && window.playgroundState.shown > 0")
            cpu_before = cpu_milliseconds(workbench.process.pid)
            pairs = page.evaluate(SCRIPT, [TEXT, EDITS])
            cpu = cpu_milliseconds(workbench.process.pid) - cpu_before
            browser.close()
    finally:
        workbench.stop()
    times = [pair[0] for pair in pairs]
    server = [pair[1] for pair in pairs]
    result = {
        "edits": len(times), "textCharacters": len(TEXT), "scale": 2,
        "p50Milliseconds": round(percentile(times, 0.5), 1),
        "p95Milliseconds": round(percentile(times, 0.95), 1),
        "maxMilliseconds": round(max(times), 1),
        "meanMilliseconds": round(statistics.mean(times), 1),
        # The server's share: from the edit's arrival to its answer encoded (render, PNG, JSON).
        "serverP50Milliseconds": round(percentile(server, 0.5), 1),
        "serverP95Milliseconds": round(percentile(server, 0.95), 1),
        # The server's CPU time (all threads) per edit: steadier than wall time on a busy machine.
        "serverCPUMillisecondsPerEdit": round(cpu / len(pairs), 2),
        # The page's JSON.parse of the answer (both images as base64) and the answer's size.
        "parseP50Milliseconds": round(percentile([pair[2] for pair in pairs], 0.5), 2),
        "answerKilobytesP50": round(percentile([pair[3] for pair in pairs], 0.5) / 1024, 1),
        "jobs": arguments.jobs or 2,
        "loadAverageBefore": [round(value, 2) for value in load_before],
        "loadAverageAfter": [round(value, 2) for value in os.getloadavg()],
        "binary": os.path.relpath(binary()),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

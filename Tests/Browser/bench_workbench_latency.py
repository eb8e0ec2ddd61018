"""Edit-to-pixels latency of the playground, as a designer meets it: headless Chromium types into
the real page (a 650-character text at scale 2; three of four edits change one character, every
fourth moves the width slider by 7 pt), each edit sent when the previous one's pictures were
drawn, and reads the page's own Performance measure "edit-to-pixels" (the keystroke → every
new picture drawn on its canvas: a still's pixel runs put there, an animation's APNG decoded
and drawn). Prints p50, p95 and the maximum in milliseconds, where the time
went (p50 of each step: the server from the edit's arrival to its answer encoded, the trip there
and back with its waits, the page from the answer received to its pixels drawn; a page without
the "edit-to-answer" measure gives none), the answer's size, and the load average before and
after.

    swift build -c release --product expandable-preview
    EXPANDABLE_PREVIEW=.build/release/expandable-preview \\
      .build/python-venv/bin/python3 Tests/Browser/bench_workbench_latency.py [--edits N] [--outside] \\
      [--views single,both] [--vs OTHER_BUILD --rounds N] [--no-spans]

`--vs` runs another build (before) in turn with this one, view by view, `--rounds` times, so
both meet the same load; a table at the end lists every run. The server's own spans (thread CPU
time rendering, encoding patches, assembling the answer: EXPANDABLE_PREVIEW_PLAYGROUND_SPANS)
are read where the build writes them.

A page without the measure (before it existed) is timed from outside instead, the same span:
from the input event that sends the edit to `decode()` of every image the answer gave a new
source (and, for a page that draws its stills on canvases, their drawings ended). `--outside`
times a page that has the measure that way too, to compare both methods. One command that
builds, sets up and runs it: Scripts/bench-workbench-latency.sh.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from workbench_server import Workbench, binary  # noqa: E402

TEXT = ("Designers tune how a long bio reads when it is clamped to a few lines, and every "
        "keystroke should show the collapsed and the expanded state at once. ") * 5
TEXT = TEXT[:650]

SCRIPT = """
async ([text, edits, outside]) => {
  const $ = (id) => document.getElementById(id);
  const state = window.playgroundState;
  const pageMeasures = !outside && typeof PlaygroundImages !== "undefined";
  // Per edit: the server's time (renderMilliseconds) and, timed from outside, when its images
  // were decoded; the page's own measures arrive through an observer.
  const server = new Map();
  const decoded = new Map();
  const measured = new Map();
  const steps = { "edit-to-answer": new Map(), "answer-to-pixels": new Map() };
  // Waiting wakes on news (an answer shown, its images decoded, a measure), never by spinning:
  // a setTimeout(0) loop kept the page's thread busy and took a core from the server's render
  // threads on a 2-core machine. A slow poll (50 ms) is only a safety net.
  let wake = () => {};
  const news = () => wake();
  const original = window.showRender;
  window.showRender = (message) => {
    original(message);
    server.set(message.seq, message.renderMilliseconds);
    // Timed from outside: every <img> decoded, and every canvas still's drawing ended (pages
    // from this round on draw the stills on canvases).
    const images = [...document.querySelectorAll("#states img")].map((img) => img.decode());
    const stills = [...document.querySelectorAll("#states canvas.still")].map((canvas) => canvas.drawing);
    Promise.all([...images, ...stills]).then(
      () => { decoded.set(message.seq, performance.now()); news(); }, () => {});
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "edit-to-pixels") measured.set(entry.detail.seq, entry.duration);
      if (entry.name in steps) steps[entry.name].set(entry.detail.seq, entry.duration);
    }
    news();
  }).observe({ type: "measure" });
  const until = async (predicate) => {
    const started = performance.now();
    while (!predicate()) {
      if (performance.now() - started > 20000) throw new Error("no pixels within 20 s");
      await new Promise((resolve) => { wake = resolve; setTimeout(resolve, 50); });
    }
  };
  const input = (element, value, event) => {
    element.value = value;
    const sent = performance.now();
    element.dispatchEvent(new Event(event, { bubbles: true }));
    return sent;
  };
  const scale = $("flag--scale");
  input(scale, "2", scale.tagName === "SELECT" ? "change" : "input");
  input($("text"), text, "input");
  let seq = state.seq;
  await until(() => decoded.has(seq));
  const results = [];
  let body = text;
  let width = 375;
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (let i = 0; i < edits; i++) {
    let sent;
    if (i % 4 === 3) {
      width = width > 200 ? width - 7 : 375;   // a drag, one step per edit
      sent = input($("flag--width"), String(width), "input");
    } else {                                    // a keystroke: one character changed
      const at = 40 + ((i * 37) % (body.length - 80));
      body = body.slice(0, at) + letters[i % 26] + body.slice(at + 1);
      sent = input($("text"), body, "input");
    }
    seq = state.seq;
    await until(() => decoded.has(seq) && (!pageMeasures || measured.has(seq)));
    results.push([pageMeasures ? measured.get(seq) : decoded.get(seq) - sent, server.get(seq),
      steps["edit-to-answer"].get(seq) ?? null, steps["answer-to-pixels"].get(seq) ?? null]);
  }
  window.showRender = original;
  return { results, method: pageMeasures ? "page measure edit-to-pixels" : "outside: input event to img.decode()" };
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
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--outside", action="store_true", help="time from outside the page")
    parser.add_argument("--views", default="single,both",
                        help="single (one appearance), both (light and dark side by side), or both, comma-separated")
    parser.add_argument("--vs", metavar="BINARY",
                        help="another build (before): each view runs with it and with EXPANDABLE_PREVIEW in turn")
    parser.add_argument("--rounds", type=int, default=1, help="how many times each build runs each view")
    parser.add_argument("--no-spans", action="store_true",
                        help="leave the server's own spans off (to see what they cost)")
    arguments = parser.parse_args()
    builds = [("after" if arguments.vs else "build", binary())]
    if arguments.vs:
        builds.append(("before", arguments.vs))
    summary = []
    for _ in range(arguments.rounds):
        for name, path in builds:
            for view in arguments.views.split(","):
                summary.append((name, measure(arguments, view, path)))
    # Both figures (and each run's) at the end, where they are easy to find.
    print("\nbuild  | view   | p50 ms | p95 ms | server p50 / p95 ms | server CPU ms/edit | "
          "render / patch / answer CPU ms/edit (p50) | load before → after")
    for name, result in summary:
        spans = result["serverSpans"] or {}
        print(f"{name:6} | {result['view']:6} | {result['p50Milliseconds']:6} | {result['p95Milliseconds']:6} | "
              f"{result['serverP50Milliseconds']} / {result['serverP95Milliseconds']} | "
              f"{result['serverCPUMillisecondsPerEdit']} | "
              f"{spans.get('renderP50', '—')} / {spans.get('patchP50', '—')} / {spans.get('answerP50', '—')} | "
              f"{result['loadAverageBefore'][0]} → {result['loadAverageAfter'][0]}")


def spans_summary(path):
    """The p50 per edit of the server's own spans (EXPANDABLE_PREVIEW_PLAYGROUND_SPANS: thread
    CPU time rendering the states, encoding their patches, assembling the answer), or None for a
    build that writes none."""
    try:
        with open(path) as file:
            lines = [json.loads(line) for line in file if line.strip()]
    except FileNotFoundError:
        return None
    if not lines:
        return None
    return {
        "edits": len(lines),
        "renderP50": round(percentile([sum(p["render"] for p in l["parts"]) for l in lines], 0.5), 2),
        "patchP50": round(percentile([sum(p["patch"] for p in l["parts"]) for l in lines], 0.5), 2),
        "answerP50": round(percentile([l["answer"] for l in lines], 0.5), 2),
        "slowestPartP50": round(percentile([max(p["render"] + p["patch"] for p in l["parts"]) for l in lines], 0.5), 2),
        "wallP50": round(percentile([l["wall"] for l in lines], 0.5), 2),
    }


def measure(arguments, view, path):
    """One run of `arguments.edits` edits of build `path` with the page showing `view`; prints
    its figures and returns them."""
    load_before = os.getloadavg()
    spans = tempfile.NamedTemporaryFile(prefix="playground-spans-", suffix=".jsonl", delete=False)
    spans.close()
    if not arguments.no_spans:
        os.environ["EXPANDABLE_PREVIEW_PLAYGROUND_SPANS"] = spans.name
    try:
        workbench = Workbench(path)
    finally:
        os.environ.pop("EXPANDABLE_PREVIEW_PLAYGROUND_SPANS", None)
    sizes = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            # The size of each answer the page receives (binary or text), for the table.
            page.on("websocket", lambda socket: socket.on(
                "framereceived", lambda frame: sizes.append(len(frame))))
            page.goto(workbench.url)
            page.wait_for_function("() => window.playgroundState && window.playgroundState.shown > 0")
            if view == "both":
                page.check("#both-appearances")
                page.wait_for_function(
                    "() => { const s = window.playgroundState; return s.shown === s.seq && "
                    "document.querySelector('[data-key=\"dark/collapsed\"]'); }")
            cpu_before = cpu_milliseconds(workbench.process.pid)
            run = page.evaluate(SCRIPT, [TEXT, arguments.edits, arguments.outside])
            cpu = cpu_milliseconds(workbench.process.pid) - cpu_before
            browser.close()
    finally:
        workbench.stop()
    times = [pair[0] for pair in run["results"]]
    server = [pair[1] for pair in run["results"]]
    # Where the time went, p50 of each step (only where the page measures them).
    trips = [row[2] - row[1] for row in run["results"] if row[2] is not None]
    drawing = [row[3] for row in run["results"] if row[3] is not None]
    answers = [size for size in sizes if size > 2000]
    result = {
        "view": view, "edits": len(times), "textCharacters": len(TEXT), "scale": 2,
        "method": run["method"],
        "p50Milliseconds": round(percentile(times, 0.5), 1),
        "p95Milliseconds": round(percentile(times, 0.95), 1),
        "maxMilliseconds": round(max(times), 1),
        "meanMilliseconds": round(statistics.mean(times), 1),
        # The server's share: from the edit's arrival to its answer encoded (render, PNG, message).
        "serverP50Milliseconds": round(percentile(server, 0.5), 1),
        "serverP95Milliseconds": round(percentile(server, 0.95), 1),
        # Sent → answer received, less the server's share: the socket both ways and the waits
        # for a core (the page's send, the loop, the render threads, the page's receive).
        "tripP50Milliseconds": round(percentile(trips, 0.5), 1) if trips else None,
        # Answer received → every new picture decoded and drawn.
        "pageP50Milliseconds": round(percentile(drawing, 0.5), 1) if drawing else None,
        "pageP95Milliseconds": round(percentile(drawing, 0.95), 1) if drawing else None,
        # The server's CPU time (all threads) per edit: steadier than wall time on a busy machine.
        "serverCPUMillisecondsPerEdit": round(cpu / len(times), 2),
        "answerKilobytesP50": round(percentile(answers, 0.5) / 1024, 1) if answers else None,
        "loadAverageBefore": [round(value, 2) for value in load_before],
        "loadAverageAfter": [round(value, 2) for value in os.getloadavg()],
        # The server's own spans (builds that write them): CPU per edit by step, p50.
        "serverSpans": spans_summary(spans.name),
        "binary": path,
    }
    os.unlink(spans.name)
    print(json.dumps(result, indent=2))
    print(f"{'light and dark side by side' if view == 'both' else 'single view'}: "
          f"edit-to-pixels over {len(times)} edits: p50 {result['p50Milliseconds']} ms, "
          f"p95 {result['p95Milliseconds']} ms (load {result['loadAverageBefore'][0]} before, "
          f"{result['loadAverageAfter'][0]} after)")
    return result


if __name__ == "__main__":
    main()

"""Starts and stops `expandable-preview serve` for the browser tests."""

import base64
import json
import os
import re
import signal
import struct
import subprocess
import time
import unittest
import urllib.parse


class Workbench:
    """A running `serve`: its URL (with the token), port, token, and its output when stopped."""

    def __init__(self, binary, *arguments):
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"(http://\S+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"serve printed no URL: {line!r} {self.process.stderr.read()!r}")
        self.url = match.group(1)
        parts = urllib.parse.urlsplit(self.url)
        self.host = parts.hostname
        self.port = parts.port
        self.token = urllib.parse.parse_qs(parts.query)["token"][0]
        self.origin = f"http://{parts.netloc}"

    def interrupt(self, timeout=10):
        """Sends SIGINT (Ctrl-C) and returns (exit status, stdout rest, stderr)."""
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, out, err

    def stop(self):
        if self.process.poll() is None:
            self.interrupt()


def binary():
    """The tool to test: $EXPANDABLE_PREVIEW, else the debug build of this checkout."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.environ.get("EXPANDABLE_PREVIEW", os.path.join(root, ".build", "debug", "expandable-preview"))


def wait_until(predicate, timeout=10, interval=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError("timed out waiting")


# The bytes a picture of the playground shows: the Blob behind its object URL or drawn on its
# canvas (the page keeps it as `element.blob`), as base64 (Playwright passes strings well, byte arrays slowly).
SHOWN_BYTES = """async (img) => {
  if (!img.blob) throw new Error(`no picture bytes behind ${img.tagName} ${(img.src || "").slice(0, 40)}`);
  const bytes = new Uint8Array(await img.blob.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}"""


def shown_bytes(page, selector):
    """The PNG bytes of the picture `selector` names: the Blob behind an image or an animation's
    canvas; for a still's canvas, drawn from its pixel runs (the page holds no PNG), the PNG its
    card's download button gives (`render`'s bytes, rendered by the server;
    test_workbench_playground_canvas checks its pixels are the canvas's)."""
    if page.eval_on_selector(selector, "(e) => !!e.blob"):
        return base64.b64decode(page.eval_on_selector(selector, SHOWN_BYTES))
    with page.expect_download(timeout=30000) as info:
        page.eval_on_selector(selector, """(e) => e.closest(".state").querySelector('[data-format="png"]').click()""")
    with open(info.value.path(), "rb") as file:
        return file.read()


# A canvas's pixels as straight RGBA, base64 (Playwright passes strings well).
CANVAS_PIXELS = """(canvas) => {
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let text = "";
  for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return [canvas.width, canvas.height, btoa(text)];
}"""


def canvas_pixels(page, selector):
    """The pixels of the canvas `selector` names: (width, height, straight RGBA bytes)."""
    width, height, pixels = page.eval_on_selector(selector, CANVAS_PIXELS)
    return width, height, base64.b64decode(pixels)


def still_after(frames, seq, key):
    """The still of card `key` ("collapsed", or "light/collapsed" with both appearances) as the
    page holds it after answer `seq`: the render answers received (`frames`) replayed as the
    page shows them (an answer older than one shown is dropped; `pixelsTop` rows drawn over the
    picture held; an unchanged picture kept): (width, height, straight RGBA bytes)."""
    shown, held = 0, {}
    for frame in frames:
        if not isinstance(frame, bytes):
            continue
        header, payload = binary_answer(frame)
        if header.get("type") != "render" or header["seq"] < shown:
            continue
        shown = header["seq"]
        cards = {}
        for state in header["states"]:
            card = (state["appearance"] + "/" if state.get("appearance") else "") + state["state"]
            if state.get("pixels") is None:
                cards[card] = held.get(card)
                continue
            width, height, pixels = runs_pixels(part(payload, state["pixels"]))
            top = state.get("pixelsTop")
            if top is not None:
                old_width, old_height, old = held[card]
                start = top * old_width * 4
                pixels = old[:start] + pixels + old[start + len(pixels):]
                width, height = old_width, old_height
            cards[card] = (width, height, pixels)
        held = cards
        if shown == seq:
            return held.get(key)
    raise AssertionError(f"no answer {seq} received")


def runs_pixels(data):
    """A still's pixel runs (PixelRuns.swift) read back: (width, height, straight RGBA bytes)."""
    width, height, size, count = struct.unpack_from("<IIBI", data)
    colors = [data[13 + 4 * n:17 + 4 * n] for n in range(count)]
    pixel = ((lambda at: colors[data[at]]) if size == 1 else
             (lambda at: colors[data[at] | data[at + 1] << 8]) if size == 2 else
             (lambda at: data[at:at + 4]))
    pixels = bytearray()
    position = 13 + 4 * count
    while position < len(data):
        number, shift = 0, 0
        while True:
            byte = data[position]
            position += 1
            number |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        length, is_run = number >> 1, number & 1
        if is_run:
            pixels += pixel(position) * length
            position += size
        else:
            for _ in range(length):
                pixels += pixel(position)
                position += size
    if len(pixels) != width * height * 4:
        raise ValueError(f"runs give {len(pixels)} bytes for {width} x {height} pixels")
    return width, height, bytes(pixels)


def binary_answer(frame):
    """A binary WebSocket answer's header (JSON) and payload."""
    (length,) = struct.unpack(">I", frame[:4])
    return json.loads(frame[4:4 + length].decode()), frame[4 + length:]


def part(payload, reference):
    """The bytes a header's `{offset, length}` names in the payload."""
    return payload[reference["offset"]:reference["offset"] + reference["length"]]


CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, ".build", "workbench-screenshots")


class BrowserTestCase(unittest.TestCase):
    """One `serve` (with `serve_arguments`) and one headless Chromium for a test class."""

    serve_arguments = ()

    @classmethod
    def setUpClass(cls):
        from playwright.sync_api import sync_playwright

        os.makedirs(SCREENSHOTS, exist_ok=True)
        cls.workbench = Workbench(binary(), *cls.serve_arguments)
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()
        cls.workbench.stop()


class PlaygroundFramesTestCase(BrowserTestCase):
    """A playground page at 1280 × 900 whose WebSocket frames are kept in `self.frames`, opened
    once its first render is shown."""

    WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"

    def setUp(self):
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 900})
        self.frames = []
        self.page.on("websocket", lambda socket: socket.on("framereceived", lambda frame: self.frames.append(frame)))
        self.page.goto(self.workbench.url)
        self.page.wait_for_function(self.WAIT_FOR_RENDER, timeout=30000)

    def tearDown(self):
        self.page.close()

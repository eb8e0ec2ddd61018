"""The playground draws each state's still on a <canvas> from createImageBitmap: after an edit the
canvas holds the new answer's pixels (read back from the canvas, compared with the PNG the
server sent), at the PNG's pixel size shown at its size in points, labelled for a screen reader;
and an older answer whose decoding ends late never draws over a newer one."""

import base64
import io
import json
import unittest

from PIL import Image

from workbench_server import PlaygroundFramesTestCase, binary_answer, part

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"
# The edit's pictures are drawn: the page's own measure for that edit exists.
MEASURED = """(seq) => performance.getEntriesByName('edit-to-pixels').some(e => e.detail.seq === seq)"""
# The canvas's pixels as straight RGBA, base64 (Playwright passes strings well).
CANVAS_PIXELS = """(canvas) => {
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let text = "";
  for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return [canvas.width, canvas.height, btoa(text)];
}"""
# Holds back the next `count` decodings by `delay` ms (an answer whose pictures decode late).
SLOW_DECODING = """([count, delay]) => {
  const original = window.createImageBitmap;
  let left = count;
  window.createImageBitmap = async (...args) => {
    if (left > 0) {
      left -= 1;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    return original(...args);
  };
}"""


def answers(frames):
    """The render answers received, by seq: (header, payload)."""
    found = {}
    for frame in frames:
        if not isinstance(frame, bytes):
            continue
        header, payload = binary_answer(frame)
        if header.get("type") == "render":
            found[header["seq"]] = (header, payload)
    return found


def png_of(answer, state):
    header, payload = answer
    rendered = next(item for item in header["states"] if item["state"] == state)
    return part(payload, rendered["png"])


class PlaygroundCanvasTests(PlaygroundFramesTestCase):
    def canvas_image(self, state):
        width, height, pixels = self.page.eval_on_selector(f'[data-state="{state}"] canvas.still', CANVAS_PIXELS)
        return Image.frombytes("RGBA", (width, height), base64.b64decode(pixels))

    def assert_shows(self, state, png):
        expected = Image.open(io.BytesIO(png)).convert("RGBA")
        shown = self.canvas_image(state)
        self.assertEqual(shown.size, expected.size)
        self.assertEqual(shown.tobytes(), expected.tobytes(), f"{state}: the canvas is not the answer's PNG")

    def test_the_canvas_shows_the_new_pixels_after_an_edit(self):
        before = self.canvas_image("collapsed").tobytes()
        self.page.eval_on_selector("#flag--scale", """(e) => { e.value = "2";
          e.dispatchEvent(new Event(e.tagName === "SELECT" ? "change" : "input", { bubbles: true })); }""")
        self.page.fill("#text", "New pixels on the canvas: " + "every edit draws its answer. " * 8)
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        seq = self.page.evaluate("window.playgroundState.shown")
        self.page.wait_for_function(f"() => ({MEASURED})({seq})", timeout=10000)
        answer = answers(self.frames)[seq]
        for state in ("collapsed", "expanded"):
            self.assert_shows(state, png_of(answer, state))
        self.assertNotEqual(self.canvas_image("collapsed").tobytes(), before)
        # Drawn at its pixel size (scale 2), shown at its size in points, read by its label.
        canvas = self.page.locator('[data-state="collapsed"] canvas.still')
        layout = json.loads(next(item for item in answer[0]["states"] if item["state"] == "collapsed")["layout"])
        self.assertEqual(self.canvas_image("collapsed").size[0], round(layout["size"]["width"] * 2))
        self.assertAlmostEqual(canvas.bounding_box()["width"], layout["size"]["width"], delta=1)
        self.assertEqual(canvas.get_attribute("role"), "img")
        self.assertTrue(canvas.get_attribute("aria-label").startswith("collapsed: New pixels on the canvas"))

    def test_a_stale_answer_never_draws_over_a_newer_one(self):
        # The next answer's two pictures decode 1.5 s late; a newer answer comes meanwhile.
        self.page.evaluate(SLOW_DECODING, [2, 1500])
        self.page.fill("#text", "The older text, whose pictures decode late and must never show.")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        older = self.page.evaluate("window.playgroundState.shown")
        self.page.fill("#text", "The newer text, drawn at once.")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        newer = self.page.evaluate("window.playgroundState.shown")
        self.assertGreater(newer, older)
        self.page.wait_for_function(f"() => ({MEASURED})({newer})", timeout=10000)
        # The older decodings end now; they must draw nothing.
        self.page.wait_for_timeout(2000)
        received = answers(self.frames)
        for state in ("collapsed", "expanded"):
            self.assert_shows(state, png_of(received[newer], state))
        # The download button gives the newer bytes too, and the older edit was never measured.
        self.assertEqual(self.page.evaluate(f"({MEASURED})({older})"), False)
        self.assertEqual(self.page.get_attribute('[data-state="collapsed"] canvas.still', "aria-label"),
                         "collapsed: The newer text, drawn at once.")


if __name__ == "__main__":
    unittest.main()

"""The playground draws each state's still on a <canvas> from the answer's pixel runs (no PNG
encoded or decoded for the live preview): after an edit the canvas holds exactly the answer's
pixels (read back from the canvas, compared with the runs the server sent) and exactly the
pixels of the PNG the card's download gives, which is `render`'s file (compared in the page,
decoded by the browser, and outside it); at the picture's pixel size shown at its size in
points, labelled for a screen reader; and an answer that reaches the page after a newer one
never draws over it."""

import base64
import io
import json
import unittest

from PIL import Image

from workbench_server import (PlaygroundFramesTestCase, binary_answer, canvas_pixels, shown_bytes, still_after,
                              wait_until)

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"
# The edit's pictures are drawn: the page's own measure for that edit exists.
MEASURED = """(seq) => performance.getEntriesByName('edit-to-pixels').some(e => e.detail.seq === seq)"""
# Hands the next binary answer to the page `delay` ms late (an answer overtaken by a newer
# one); `window.lateAnswerDelivered` says when it was handed over.
DELAY_NEXT_ANSWER = """(delay) => {
  const socket = window.playgroundState.socket;
  const deliver = socket.onmessage;
  let held = false;
  socket.onmessage = (event) => {
    if (held || typeof event.data === "string") return deliver(event);
    held = true;
    setTimeout(() => { deliver(event); window.lateAnswerDelivered = true; }, delay);
  };
}"""
# The PNG (base64) decoded by the browser and drawn on a canvas of its own, compared with the
# still's canvas: [width, height, bytes that differ] (the same pixels: 0).
PAGE_COMPARES_PNG = """async (canvas, png) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }),
    { premultiplyAlpha: "none", colorSpaceConversion: "none" });
  const scratch = new OffscreenCanvas(bitmap.width, bitmap.height);
  scratch.getContext("2d").drawImage(bitmap, 0, 0);
  const decoded = scratch.getContext("2d").getImageData(0, 0, bitmap.width, bitmap.height).data;
  const shown = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let differing = decoded.length === shown.length ? 0 : Math.max(decoded.length, shown.length);
  for (let i = 0; i < Math.min(decoded.length, shown.length); i++) if (decoded[i] !== shown[i]) differing++;
  return [bitmap.width, bitmap.height, differing];
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


class PlaygroundCanvasTests(PlaygroundFramesTestCase):
    def canvas_image(self, state):
        width, height, pixels = canvas_pixels(self.page, f'[data-state="{state}"] canvas.still')
        return Image.frombytes("RGBA", (width, height), pixels)

    def assert_shows(self, state, pixels):
        self.assertEqual(canvas_pixels(self.page, f'[data-state="{state}"] canvas.still'), pixels,
                         f"{state}: the canvas is not the answer's pixels")

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
            self.assert_shows(state, still_after(self.frames, seq, state))
            # No PNG was encoded for the live preview: the still came as pixels only.
            self.assertNotIn("png", next(item for item in answer[0]["states"] if item["state"] == state))
        self.assertNotEqual(self.canvas_image("collapsed").tobytes(), before)
        # Drawn at its pixel size (scale 2), shown at its size in points, read by its label.
        canvas = self.page.locator('[data-state="collapsed"] canvas.still')
        layout = json.loads(next(item for item in answer[0]["states"] if item["state"] == "collapsed")["layout"])
        self.assertEqual(self.canvas_image("collapsed").size[0], round(layout["size"]["width"] * 2))
        self.assertAlmostEqual(canvas.bounding_box()["width"], layout["size"]["width"], delta=1)
        self.assertEqual(canvas.get_attribute("role"), "img")
        self.assertTrue(canvas.get_attribute("aria-label").startswith("collapsed: New pixels on the canvas"))

    def test_a_stale_answer_never_draws_over_a_newer_one(self):
        # The next answer reaches the page 1.5 s late, after the answer to a newer edit.
        self.page.evaluate(DELAY_NEXT_ANSWER, 1500)
        self.page.fill("#text", "The older text, whose answer comes late and must never show.")
        older = self.page.evaluate("window.playgroundState.seq")
        # (Playwright records frames while it runs: wait in the page, not in time.sleep.)
        wait_until(lambda: self.page.wait_for_timeout(20) or older in answers(self.frames), timeout=30)
        self.page.fill("#text", "The newer text, drawn at once.")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        newer = self.page.evaluate("window.playgroundState.shown")
        self.assertGreater(newer, older)
        self.page.wait_for_function(f"() => ({MEASURED})({newer})", timeout=10000)
        # The older answer is handed to the page now; it must draw nothing.
        self.page.wait_for_timeout(2000)
        self.assertTrue(self.page.evaluate("window.lateAnswerDelivered"))
        received = answers(self.frames)
        for state in ("collapsed", "expanded"):
            self.assert_shows(state, still_after(self.frames, newer, state))
        self.assertNotEqual(still_after(self.frames, older, "collapsed"), still_after(self.frames, newer, "collapsed"))
        # The older edit was never measured, and the labels are the newer text's.
        self.assertEqual(self.page.evaluate(f"({MEASURED})({older})"), False)
        self.assertEqual(self.page.get_attribute('[data-state="collapsed"] canvas.still', "aria-label"),
                         "collapsed: The newer text, drawn at once.")

    def test_the_canvas_holds_exactly_the_pixels_of_the_png_download(self):
        self.page.fill("#flag--line-limit", "2")
        self.page.fill("#text", "The PNG a card downloads is render's file, and the canvas shows its pixels: "
                       + "grey edges of every glyph, the fade and the label. " * 4)
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        seq = self.page.evaluate("window.playgroundState.shown")
        self.page.wait_for_function(f"() => ({MEASURED})({seq})", timeout=10000)
        for state in ("collapsed", "expanded"):
            selector = f'[data-state="{state}"] canvas.still'
            png = shown_bytes(self.page, selector)  # the card's PNG download, from the server
            self.assertTrue(png.startswith(b"\x89PNG"))
            # Decoded in the page by the browser, and outside it by Pillow: the same pixels.
            width, height, differing = self.page.eval_on_selector(
                selector, PAGE_COMPARES_PNG, base64.b64encode(png).decode())
            self.assertEqual((width, height, differing), (*self.canvas_image(state).size, 0), state)
            expected = Image.open(io.BytesIO(png)).convert("RGBA")
            self.assertEqual(self.canvas_image(state).tobytes(), expected.tobytes(), state)

    def test_a_keystroke_in_the_last_line_sends_and_draws_only_the_rows_that_changed(self):
        text = "Only the rows that changed travel: " + "every line above the keystroke stays. " * 6
        self.page.fill("#text", text)
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        self.page.fill("#text", text[:-2] + "!")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        seq = self.page.evaluate("window.playgroundState.shown")
        self.page.wait_for_function(f"() => ({MEASURED})({seq})", timeout=10000)
        header, _ = answers(self.frames)[seq]
        expanded = next(item for item in header["states"] if item["state"] == "expanded")
        self.assertGreater(expanded.get("pixelsTop") or 0, 0, "the expanded state came whole")
        self.assertTrue(next(item for item in header["states"] if item["state"] == "collapsed").get("unchanged"))
        self.assert_shows("expanded", still_after(self.frames, seq, "expanded"))
        # The rows drawn over the picture held give exactly render's PNG.
        png = Image.open(io.BytesIO(shown_bytes(self.page, '[data-state="expanded"] canvas.still'))).convert("RGBA")
        self.assertEqual(self.canvas_image("expanded").tobytes(), png.tobytes())


if __name__ == "__main__":
    unittest.main()

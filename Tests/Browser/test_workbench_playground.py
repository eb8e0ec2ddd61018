"""The playground in headless Chromium (Playwright with the system browser): typing changes the
image's pixels, dragging the width changes the line count, the dark switch darkens it, and both
copies render to the bytes the page showed."""

import io
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from PIL import Image

from workbench_server import SCREENSHOTS, BrowserTestCase, binary, canvas_pixels, shown_bytes



def image_of(page, state):
    """The PNG bytes the page shows for `state`."""
    return shown_bytes(page, f'[data-state="{state}"] canvas.still')


def fact(page, state, name):
    return page.inner_text(f'[data-state="{state}"] [data-fact="{name}"] td')


class PlaygroundTests(BrowserTestCase):
    def setUp(self):
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 900})
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(self.workbench.url)
        self.wait_for_render()

    def tearDown(self):
        self.page.close()
        self.assertEqual(self.errors, [])

    def wait_for_render(self):
        """Waits until the answer to the page's latest edit is shown."""
        self.page.wait_for_function(
            "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }",
            timeout=15000)

    def test_typing_changes_the_image_pixels(self):
        before = Image.open(io.BytesIO(image_of(self.page, "collapsed"))).convert("RGBA")
        self.page.fill("#text", "Short.")
        self.wait_for_render()
        after = Image.open(io.BytesIO(image_of(self.page, "collapsed"))).convert("RGBA")
        self.assertNotEqual(before.tobytes(), after.tobytes())
        # One line of text now: the image is lower, and not truncated.
        self.assertLess(after.height, before.height)
        self.assertEqual(fact(self.page, "collapsed", "lines"), "1")
        self.assertEqual(fact(self.page, "collapsed", "truncated"), "no")

    def test_dragging_the_width_changes_the_line_count(self):
        lines_before = int(fact(self.page, "expanded", "lines"))
        slider = self.page.locator("#flag--width")
        slider.scroll_into_view_if_needed()
        box = slider.bounding_box()
        # From the thumb (375 of 120…1032) to near the left end: a real mouse drag.
        start_x = box["x"] + box["width"] * (375 - 120) / (1032 - 120)
        y = box["y"] + box["height"] / 2
        self.page.mouse.move(start_x, y)
        self.page.mouse.down()
        self.page.mouse.move(box["x"] + box["width"] * 0.08, y, steps=12)
        self.page.mouse.up()
        self.wait_for_render()
        width = int(slider.input_value())
        self.assertLess(width, 250)
        lines_after = int(fact(self.page, "expanded", "lines"))
        self.assertGreater(lines_after, lines_before)
        self.assertEqual(
            Image.open(io.BytesIO(image_of(self.page, "expanded"))).width, width * 2)

    def test_a_device_sets_the_width_and_only_a_width_set_by_hand_is_sent(self):
        self.page.select_option("#flag--device", "iPad Pro 13-inch")
        self.wait_for_render()
        # The width control shows the device's width; the image has it (the margins inside).
        self.assertEqual(self.page.input_value("#width-number"), "1032")
        self.assertEqual(self.page.input_value("#flag--width"), "1032")
        self.assertIn("iPad Pro 13-inch", self.page.inner_text("#width-source"))
        self.assertIn("1032 ×", fact(self.page, "expanded", "size"))
        self.assertLessEqual(int(fact(self.page, "expanded", "lines")), 3)
        item = json.loads(self.page.text_content("#copy-item"))
        self.assertEqual(item.get("device"), "iPad Pro 13-inch")
        self.assertNotIn("width", item)
        # A width typed in the number box is sent and wins; Reset gives it back to the device.
        self.page.fill("#width-number", "500")
        self.wait_for_render()
        self.assertEqual(self.page.input_value("#flag--width"), "500")
        self.assertIn("500 ×", fact(self.page, "expanded", "size"))
        self.assertEqual(json.loads(self.page.text_content("#copy-item"))["width"], 500)
        self.page.click("#width-reset")
        self.wait_for_render()
        self.assertEqual(self.page.input_value("#width-number"), "1032")
        self.assertNotIn("width", json.loads(self.page.text_content("#copy-item")))
        # The slider reaches the largest device's width.
        self.assertEqual(self.page.get_attribute("#flag--width", "max"), "1032")

    def test_answers_come_uncompressed(self):
        # permessage-deflate would spend CPU squeezing PNGs, which are deflated already.
        self.assertEqual(self.page.evaluate("window.playgroundState.socket.extensions"), "")

    def test_the_dark_switch_darkens_the_image(self):
        light = Image.open(io.BytesIO(image_of(self.page, "collapsed"))).convert("RGB")
        self.assertEqual(light.getpixel((1, 1)), (255, 255, 255))
        self.page.select_option("#flag--appearance", "dark")
        self.wait_for_render()
        dark = Image.open(io.BytesIO(image_of(self.page, "collapsed"))).convert("RGB")
        self.assertEqual(dark.getpixel((1, 1)), (0, 0, 0))

    def test_the_manifest_item_copy_renders_the_bytes_the_page_showed(self):
        self.page.select_option("#flag--style", "ellipsis")
        self.page.fill("#flag--line-limit", "2")
        self.page.fill("#flag--more", "Read more")
        self.page.select_option("#flag--appearance", "dark")
        self.wait_for_render()
        item = json.loads(self.page.text_content("#copy-item"))
        self.assertEqual(item["style"], "ellipsis")
        self.assertEqual(item["lineLimit"], 2)
        shown = {state: image_of(self.page, state) for state in ("collapsed", "expanded")}
        files = {state: self.page.get_attribute(f'[data-state="{state}"] canvas.still', "data-file")
                 for state in shown}
        folder = tempfile.mkdtemp(prefix="workbench-copy-")
        try:
            manifest = os.path.join(folder, "manifest.json")
            with open(manifest, "w") as file:
                json.dump({"items": [item]}, file)
            out = os.path.join(folder, "out")
            subprocess.run([binary(), "render", manifest, "--out", out, "--quiet"], check=True)
            for state, data in shown.items():
                with open(os.path.join(out, item["name"], files[state]), "rb") as file:
                    self.assertEqual(file.read(), data, state)
        finally:
            shutil.rmtree(folder)

    def test_the_overlay_shows_line_boxes_label_and_fade_frames_and_the_fonts_used(self):
        self.page.fill("#text", "Hello \U0001F600 שלום. " * 12)
        self.wait_for_render()
        frame = self.page.locator('[data-state="collapsed"] .frame.label')
        lines = self.page.locator('[data-state="collapsed"] .frame.line')
        self.assertFalse(frame.is_visible())
        self.page.check("#overlay")
        self.assertTrue(frame.is_visible())
        box = frame.bounding_box()
        self.assertGreater(box["width"], 10)
        # One box per drawn line, stacked top to bottom inside the image.
        self.assertEqual(lines.count(), int(fact(self.page, "collapsed", "lines")))
        image = self.page.locator('[data-state="collapsed"] canvas.still').bounding_box()
        boxes = [lines.nth(index).bounding_box() for index in range(lines.count())]
        for upper, lower in zip(boxes, boxes[1:]):
            self.assertLessEqual(upper["y"] + upper["height"], lower["y"] + 0.5)
        for line in boxes:
            self.assertGreater(line["width"], 10)
            self.assertGreaterEqual(line["x"], image["x"] - 0.5)
            self.assertLessEqual(line["x"] + line["width"], image["x"] + image["width"] + 0.5)
        # The faces drawn with, fallbacks included: Inter, emoji and Hebrew.
        fonts = fact(self.page, "collapsed", "fonts used")
        for face in ["Inter", "Noto Color Emoji", "Noto Sans Hebrew"]:
            self.assertIn(face, fonts)
        self.page.screenshot(path=os.path.join(SCREENSHOTS, "playground-overlay.png"))

    def test_an_invalid_setting_shows_its_error_and_keeps_the_images(self):
        # The pixels on the canvas (its PNG download would render the invalid settings).
        before = canvas_pixels(self.page, '[data-state="collapsed"] canvas.still')
        self.page.fill("#flag--color", "#12")
        self.wait_for_render()
        problem = self.page.locator("#problem")
        self.assertTrue(problem.is_visible())
        self.assertIn("--color", problem.inner_text())
        self.assertEqual(canvas_pixels(self.page, '[data-state="collapsed"] canvas.still'), before)

    def test_edge_texts_show_the_longest_fitting_text_and_one_more(self):
        self.page.fill("#flag--line-limit", "2")
        self.wait_for_render()
        self.page.click("#edges-button")
        self.page.wait_for_function("() => { const s = window.playgroundState; return s.edgesSeq && s.edgesShown === s.edgesSeq; }", timeout=60000)
        fits = self.page.locator('.edge').nth(0)
        more = self.page.locator('.edge').nth(1)
        self.assertIn("Longest text that fits", fits.get_attribute("data-title"))
        self.assertEqual(fits.locator('img[data-state="collapsed"]').get_attribute("data-truncated"), "no")
        self.assertEqual(fits.locator('img[data-state="collapsed"]').get_attribute("data-lines"), "2")
        self.assertEqual(more.locator('img[data-state="collapsed"]').get_attribute("data-truncated"), "yes")
        self.assertEqual(len(more.locator(".edge-text").inner_text()),
                         len(fits.locator(".edge-text").inner_text()) + 1)
        titles = self.page.eval_on_selector_all(".edge", "nodes => nodes.map(n => n.dataset.title)")
        for title in ["A URL", "Right to left", "CJK", "Emoji sequences", "Many short lines"]:
            self.assertIn(title, titles)
        self.page.locator("#edges").scroll_into_view_if_needed()
        self.page.screenshot(path=os.path.join(SCREENSHOTS, "playground-edges.png"), full_page=True)

    def test_screenshot_of_the_playground(self):
        self.page.fill("#flag--line-limit", "2")
        self.page.select_option("#flag--style", "fade")
        self.wait_for_render()
        path = os.path.join(SCREENSHOTS, "playground.png")
        self.page.screenshot(path=path, clip={"x": 0, "y": 0, "width": 1280, "height": 500})
        self.assertGreater(os.path.getsize(path), 10000)


if __name__ == "__main__":
    unittest.main()

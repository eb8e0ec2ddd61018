"""The review as a reviewer finishes it: an image rejected with a note (the next `verify` report
says "rejected by reviewer: NOTE" on its entry, escaped), the readable text diff of report.html
on the page, and swipe and onion skin of an image whose size changed: both sizes said, both
images drawn from one corner at one scale."""

import io
import json
import os
import shutil
import subprocess
import unittest

from PIL import Image
from test_workbench_review import ALSO_FAILING, FAILING, ROOT, SCREENSHOTS, ReviewFixture, read
from workbench_server import binary, wait_until

NOTE = "The label <i>covers</i> “שלום” & the last word"


class ReviewRejectTests(ReviewFixture):
    def screenshot(self, name, height=560):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        path = os.path.join(SCREENSHOTS, name)
        self.page.screenshot(path=path, clip={"x": 0, "y": 0, "width": 1280, "height": height})
        if os.environ.get("WORKBENCH_README_SCREENSHOT"):
            shutil.copyfile(path, os.path.join(ROOT, "Documentation", "images", name))

    def verify_report(self):
        """Runs `verify` into the review's artifacts folder, as a reviewer's next step would."""
        run = subprocess.run([binary(), "verify", self.manifest, "--snapshots", self.snapshots,
                              "--record", "never", "--artifacts", self.artifacts, "--quiet"],
                             capture_output=True, text=True, timeout=120)
        self.assertEqual(run.returncode, 1, run.stderr)
        with open(os.path.join(self.artifacts, "report.json")) as file:
            report = json.load(file)
        with open(os.path.join(self.artifacts, "report.html")) as file:
            return report, file.read()

    def test_a_rejection_s_note_is_shown_by_the_next_verify_report(self):
        self.assertEqual(self.page.inner_text("#path"), FAILING)
        self.assertTrue(self.page.is_hidden("#reject-form"))
        self.page.click("#reject")
        self.page.fill("#reject-note", NOTE)
        # Keys typed in the note are text: an `a` there approves nothing, a `u` undoes nothing.
        self.page.type("#reject-note", " and u a s")
        self.page.keyboard.press("Enter")
        self.wait(f"s => s.items.find(i => i.path === {FAILING!r}).rejection === {NOTE + ' and u a s'!r}")
        self.assertEqual(self.state()["approved"], 0)
        self.assertEqual(read(self.golden), self.old)
        # The page goes on to the next image and marks the rejected one in the list.
        self.page.wait_for_function(f"() => window.reviewState.selected === {ALSO_FAILING!r}")
        entry = f'#list li.entry[data-path="{FAILING}"]'
        self.assertIn("rejected", self.page.get_attribute(entry, "class"))
        self.assertIn("rejected: The label <i>covers</i>", self.page.inner_text(f"{entry} .note"))
        # The second image is rejected with `r` and no note.
        self.page.keyboard.press("r")
        self.page.wait_for_selector("#reject-note", state="visible")
        self.page.keyboard.press("Enter")
        self.wait(f"s => s.items.find(i => i.path === {ALSO_FAILING!r}).rejection === ''")
        self.page.click(entry)
        self.assertEqual(self.page.inner_text("#rejection-text"),
                         f"Rejected by reviewer: {NOTE} and u a s")
        wait_until(self.images_loaded)
        self.screenshot("workbench-review-reject.png")

        report, html = self.verify_report()
        rejections = {image["path"]: image.get("rejection") for image in report["images"]}
        self.assertEqual(rejections[FAILING], f"rejected by reviewer: {NOTE} and u a s")
        self.assertEqual(rejections[ALSO_FAILING], "rejected by reviewer")
        self.assertIsNone(rejections["same/collapsed@2x.png"])
        self.assertIn("rejected by reviewer: The label &lt;i&gt;covers&lt;/i&gt; “שלום” &amp; the last word",
                      html)
        self.assertNotIn("<i>covers</i>", html)
        # The report, opened as a reader would, shows the note on the entry.
        self.page.goto("file://" + os.path.join(self.artifacts, "report.html"))
        notes = self.page.eval_on_selector_all("p.rejected", "l => l.map(p => p.textContent)")
        self.assertIn(f"rejected by reviewer: {NOTE} and u a s", notes)
        self.screenshot("workbench-report-rejected.png", height=420)

    def test_the_readable_text_diff_is_on_the_page(self):
        item = next(item for item in self.state()["items"] if item["path"] == FAILING)
        self.assertIsNotNone(item["texts"])
        self.assertTrue(self.page.is_visible("#texts"))
        recorded = self.page.inner_text('#texts [data-text="recorded"] del')
        now = self.page.inner_text('#texts [data-text="now"] ins')
        self.assertEqual((recorded, now), (item["texts"]["recorded"][1], item["texts"]["now"][1]))
        self.assertIn("rewritten", self.page.inner_text('#texts [data-text="now"]'))
        self.assertTrue(self.page.eval_on_selector(
            '#texts [data-text="now"] bdi', "b => getComputedStyle(b).unicodeBidi === 'isolate'"))

    def test_swipe_and_onion_skin_align_images_whose_size_changed(self):
        items = self.state()["items"]
        changed = [item for item in items if item["sizes"]["expected"] != item["sizes"]["actual"]]
        self.assertTrue(changed, [item["sizes"] for item in items])
        item = changed[0]
        old, new = item["sizes"]["expected"], item["sizes"]["actual"]
        self.page.click(f'#list li.entry[data-path="{item["path"]}"]')
        words = self.page.inner_text("#sizes")
        self.assertIn(f"old {old[0] // 2}×{old[1] // 2} → new {new[0] // 2}×{new[1] // 2} pt", words)
        self.assertIn(f"{old[0]}×{old[1]} → {new[0]}×{new[1]} px", words)
        for mode in ("swipe", "onion"):
            self.page.click(f"[data-mode={mode}]")
            wait_until(self.images_loaded)
            boxes = self.page.evaluate("""() => Object.fromEntries(
                [...document.querySelectorAll('.stack img')].map(i => {
                  const b = i.getBoundingClientRect();
                  return [i.dataset.kind, [b.left, b.top, b.width, b.height, i.naturalWidth, i.naturalHeight]];
                }))""")
            expected, actual = boxes["expected"], boxes["actual"]
            # One corner, one scale: the pixels of both meet.
            self.assertAlmostEqual(expected[0], actual[0], delta=0.5)
            self.assertAlmostEqual(expected[1], actual[1], delta=0.5)
            self.assertAlmostEqual(expected[2] / expected[4], actual[2] / actual[4], delta=0.01)
            self.assertAlmostEqual(expected[3] / expected[5], actual[3] / actual[5], delta=0.01)
            self.assertAlmostEqual(expected[2] / expected[4], expected[3] / expected[5], delta=0.01)
            stack = self.page.eval_on_selector(".stack", "s => s.getBoundingClientRect().height")
            self.assertAlmostEqual(stack, max(expected[3], actual[3]), delta=1)
            if mode == "swipe":
                self.page.fill("#swipe", "40")
                # Dragging on the picture moves the handle.
                box = self.page.eval_on_selector(".stack", "s => { const b = s.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; }")
                self.page.mouse.move(box[0] + box[2] * 0.75, box[1] + box[3] / 2)
                self.page.mouse.down()
                self.page.mouse.up()
                self.assertEqual(self.page.input_value("#swipe"), "75")
                self.assertEqual(self.page.eval_on_selector(".swipe-line", "l => l.style.left"), "75%")

    def test_swipe_marks_where_an_image_has_no_pixels_instead_of_showing_the_other(self):
        item = next(item for item in self.state()["items"]
                    if item["sizes"]["expected"][1] > item["sizes"]["actual"][1])
        old, new = item["sizes"]["expected"], item["sizes"]["actual"]
        self.page.click(f'#list li.entry[data-path="{item["path"]}"]')
        self.page.click("[data-mode=swipe]")
        wait_until(self.images_loaded)
        self.page.fill("#swipe", "40")
        stack = self.page.eval_on_selector(
            ".stack", "s => { const b = s.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; }")
        # The strip under the shorter new image, as the reviewer sees it: right of the handle no
        # ink of the old image (its blue "collapse" label lies there) but grey hatching; left of
        # it the old image.
        top = stack[1] + stack[3] * new[1] / old[1]
        shot = Image.open(io.BytesIO(self.page.screenshot(clip={
            "x": stack[0], "y": top + 2, "width": stack[2], "height": stack[1] + stack[3] - top - 4})))
        shot = shot.convert("RGB")
        right = shot.crop((int(shot.width * 0.42), 0, shot.width, shot.height)).getcolors(1 << 20)
        left = shot.crop((0, 0, int(shot.width * 0.38), shot.height)).getcolors(1 << 20)
        blue = lambda colors: sum(n for n, (r, g, b) in colors if b > 150 and b - r > 80)
        dark = lambda colors: sum(n for n, (r, g, b) in colors if r + g + b < 200)
        self.assertEqual(blue(right), 0)
        self.assertEqual(dark(right), 0)
        self.assertGreater(len({color for _, color in right}), 1)  # hatched, not blank
        self.assertGreater(dark(left), 0)
        # The mark covers that strip on the new side, with words; the old image is the larger.
        mark = self.page.locator('.no-pixels[data-kind="actual"]')
        self.assertEqual(mark.count(), 1)
        self.assertEqual(mark.inner_text(), "no pixels (actual)")
        box = mark.bounding_box()
        self.assertAlmostEqual(box["y"], top, delta=1)
        self.assertAlmostEqual(box["y"] + box["height"], stack[1] + stack[3], delta=1)
        self.assertEqual(self.page.locator('.no-pixels[data-kind="expected"]').count(), 0)
        self.screenshot("workbench-review-swipe.png", height=600)


if __name__ == "__main__":
    unittest.main()

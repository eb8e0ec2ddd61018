"""Both pages at a phone's width (390 px) and a tablet's (768 px), and the playground on a
desktop: nothing scrolls sideways; the playground's preview comes first on a phone and its top
stays in the viewport while a control far down the settings changes; the review stacks its
list, the compare panel (at least 300 px wide) and the actions, which stay reachable.
Screenshots at 390 and 1440 px go to Documentation/images with WORKBENCH_README_SCREENSHOT."""

import os
import shutil
import unittest

from test_workbench_review import ReviewFixture
from workbench_server import ROOT, SCREENSHOTS, BrowserTestCase

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"
SIZES = [(390, 844), (768, 1024)]
# How far the page reaches sideways beyond the window (0: nothing scrolls sideways).
OVERFLOW = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth"
BOX = "e => { const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width, height: b.height}; }"


def keep_screenshot(page, name, full_page=False):
    os.makedirs(SCREENSHOTS, exist_ok=True)
    path = os.path.join(SCREENSHOTS, name)
    page.screenshot(path=path, full_page=full_page)
    if os.environ.get("WORKBENCH_README_SCREENSHOT"):
        shutil.copyfile(path, os.path.join(ROOT, "Documentation", "images", name))


class PlaygroundLayoutTests(BrowserTestCase):
    def open(self, width, height):
        page = self.browser.new_page(viewport={"width": width, "height": height})
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        self.addCleanup(lambda: self.assertEqual(errors, []))
        self.addCleanup(page.close)
        page.goto(self.workbench.url)
        page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        page.wait_for_selector("#component", state="visible")
        return page

    def change_the_last_control(self, page, value="4"):
        """Changes the line limit after scrolling to the end of the settings, as a designer would
        reach a control far down."""
        page.locator("#settings .control").last.scroll_into_view_if_needed()
        page.fill("#flag--line-limit", value)
        page.wait_for_function(WAIT_FOR_RENDER)

    def assert_preview_in_view(self, page):
        preview = page.eval_on_selector("#component", BOX)
        height = page.evaluate("window.innerHeight")
        self.assertGreaterEqual(preview["top"], -0.5, preview)
        self.assertLess(preview["top"], height - 100, preview)

    def test_on_a_phone_and_a_tablet_the_preview_stays_in_view_while_a_control_changes(self):
        for width, height in SIZES:
            with self.subTest(width=width):
                page = self.open(width, height)
                self.assertLessEqual(page.evaluate(OVERFLOW), 0)
                if width < 760:
                    # The preview first, the settings under it.
                    preview = page.eval_on_selector("#component", BOX)
                    settings = page.eval_on_selector("#text", BOX)
                    self.assertLess(preview["top"], settings["top"])
                    self.assertLessEqual(preview["right"], width)
                self.change_the_last_control(page)
                self.assert_preview_in_view(page)
                # The settings were scrolled: the control changed is in view too.
                control = page.eval_on_selector("#flag--line-limit", BOX)
                self.assertGreaterEqual(control["top"], 0)
                self.assertLessEqual(control["bottom"], height)
                if width < 760:
                    # Not under the preview held at the top (which may have grown by the change).
                    self.assertGreater(control["bottom"], page.eval_on_selector("#component", BOX)["bottom"])
                self.assertLessEqual(page.evaluate(OVERFLOW), 0)
                # Light and dark side by side fit too.
                page.check("#both-appearances")
                page.wait_for_function(WAIT_FOR_RENDER)
                page.fill("#flag--line-limit", "2")
                page.wait_for_function(WAIT_FOR_RENDER)
                self.assert_preview_in_view(page)
                self.assertLessEqual(page.evaluate(OVERFLOW), 0)

    def test_on_a_desktop_the_settings_scroll_and_the_preview_stays(self):
        page = self.open(1440, 900)
        # A tall preview: a long text in both appearances at a large text size, expanded.
        page.fill("#text", " ".join(["A long text that goes on and on, line after line."] * 30))
        page.select_option("#flag--dynamic-type", "accessibility3")
        page.check("#both-appearances")
        page.wait_for_function(WAIT_FOR_RENDER)
        self.change_the_last_control(page, "12")
        self.assert_preview_in_view(page)
        # Scrolled to the end of the preview's facts, the settings column still fills the
        # window's height: no empty strip where it was.
        page.locator("#states .state .facts").last.scroll_into_view_if_needed()
        controls = page.eval_on_selector(".controls", BOX)
        self.assertGreaterEqual(controls["bottom"], 900 - 1)
        self.assertLessEqual(controls["top"], 80)
        self.assertLessEqual(page.evaluate(OVERFLOW), 0)

    def test_screenshots_at_390_and_1440_px(self):
        for width, height in [(390, 844), (1440, 900)]:
            page = self.open(width, height)
            page.select_option("#flag--device", "iPhone 16 Pro")
            page.fill("#flag--line-limit", "3")
            page.wait_for_function(WAIT_FOR_RENDER)
            keep_screenshot(page, f"workbench-playground-{width}.png")


class ReviewLayoutTests(ReviewFixture):
    def test_the_review_stacks_list_compare_and_actions_at_390_and_768_px(self):
        for width, height in SIZES:
            with self.subTest(width=width):
                self.page.set_viewport_size({"width": width, "height": height})
                self.page.wait_for_function("() => document.querySelector('#compare img')")
                self.assertLessEqual(self.page.evaluate(OVERFLOW), 0)
                compare = self.page.eval_on_selector("#compare", BOX)
                self.assertGreaterEqual(compare["width"], 300)
                self.assertLessEqual(compare["right"], width)
                for mode in ("side", "swipe", "onion", "toggle"):
                    self.page.click(f"[data-mode={mode}]")
                    self.assertLessEqual(self.page.evaluate(OVERFLOW), 0, mode)
                    self.assertGreaterEqual(self.page.eval_on_selector("#compare", BOX)["width"], 300)
                self.page.click("[data-mode=side]")
                # Each image of side by side at least 300 px wide (one column each on a phone).
                widths = self.page.eval_on_selector_all(
                    "#compare img", "l => l.map(i => i.getBoundingClientRect().width)")
                self.assertTrue(all(w >= 290 for w in widths), widths)
                if width < 760:
                    listed = self.page.eval_on_selector("#list", BOX)
                    self.assertLessEqual(listed["bottom"], compare["top"])
                # The actions are in view wherever the page is scrolled.
                self.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
                approve = self.page.eval_on_selector("#approve", BOX)
                self.assertGreaterEqual(approve["top"], 0)
                self.assertLessEqual(approve["bottom"], height)
                self.page.evaluate("window.scrollTo(0, 0)")
                # No word of the path or summary broken one letter a line.
                path = self.page.eval_on_selector("#path", BOX)
                self.assertGreaterEqual(path["width"], 300)

    def test_screenshots_at_390_and_1440_px(self):
        for width, height in [(390, 844), (1440, 900)]:
            self.page.set_viewport_size({"width": width, "height": height})
            self.page.wait_for_function("() => document.querySelector('#compare img')")
            self.page.wait_for_function(
                "() => [...document.querySelectorAll('#compare img')].every(i => i.complete && i.naturalWidth > 0)")
            keep_screenshot(self.page, f"workbench-review-{width}.png")


if __name__ == "__main__":
    unittest.main()

"""The playground's names and scale: a download is named after the item (or the text), the
device (or the width), the appearance, the state and the scale; a device sets its own scale
(iPhone 16 Pro @3x, iPad @2x) and a scale typed overrides it; the share URL carries the view
(overlay, light and dark side by side, edge texts, the player's speed and loop) besides the
settings."""

import json
import os
import shutil
import tempfile
import unittest

from test_workbench_playground_downloads import rendered_files
from workbench_server import BrowserTestCase, Workbench, binary

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"
TEXT = "Hello there, little world of mockups: a text long enough to be cut after two lines here."


class PlaygroundNamesTests(BrowserTestCase):
    def open(self, url=None):
        page = self.browser.new_page(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        self.addCleanup(page.close)
        page.goto(url or self.workbench.url)
        page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        return page

    def settle(self, page):
        page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)

    def item(self, page):
        return json.loads(page.text_content("#copy-item"))

    def download(self, page, selector):
        with page.expect_download(timeout=30000) as info:
            page.click(selector)
        with open(info.value.path(), "rb") as file:
            return info.value.suggested_filename, file.read()

    def canvas_width(self, page, state="collapsed"):
        return page.eval_on_selector(f'[data-state="{state}"] canvas.still', "c => c.width")

    def test_downloads_are_named_after_text_device_appearance_state_and_scale(self):
        page = self.open()
        page.fill("#text", TEXT)
        page.fill("#flag--line-limit", "2")
        self.settle(page)
        name, png = self.download(page, '[data-state="collapsed"] [data-format="png"]')
        self.assertEqual(name, "hello-there-little-375pt-light-collapsed@2x.png")
        page.select_option("#flag--device", "iPhone 16 Pro")
        self.settle(page)
        name, png = self.download(page, '[data-state="collapsed"] [data-format="png"]')
        self.assertEqual(name, "hello-there-little-iPhone-16-Pro-light-collapsed@3x.png")
        self.assertEqual(png, rendered_files(self.item(page), ["png"])["collapsed@3x.png"])
        page.select_option("#flag--appearance", "dark")
        self.settle(page)
        name, svg = self.download(page, '[data-state="expanded"] [data-format="svg"]')
        self.assertEqual(name, "hello-there-little-iPhone-16-Pro-dark-expanded.svg")
        self.assertTrue(svg.lstrip().startswith(b"<"))
        name, _ = self.download(page, "#zip-button")
        self.assertEqual(name, "hello-there-little-iPhone-16-Pro@3x.zip")
        # Light and dark side by side: each card's file says its own appearance.
        page.check("#both-appearances")
        self.settle(page)
        name, _ = self.download(page, '[data-key="light/collapsed"] [data-format="pdf"]')
        self.assertEqual(name, "hello-there-little-iPhone-16-Pro-light-collapsed.pdf")
        name, _ = self.download(page, '[data-key="dark/collapsed"] [data-format="png"]')
        self.assertEqual(name, "hello-there-little-iPhone-16-Pro-dark-collapsed@3x.png")
        # A text without a word to name it by: the playground's name.
        page.fill("#text", "…!")
        self.settle(page)
        name, _ = self.download(page, '[data-key="light/collapsed"] [data-format="png"]')
        self.assertEqual(name, "playground-iPhone-16-Pro-light-collapsed@3x.png")

    def test_an_animation_downloads_under_its_name_too(self):
        page = self.open()
        page.fill("#text", TEXT)
        page.fill("#flag--line-limit", "2")
        page.select_option("#flag--animate", "easeOut")
        self.settle(page)
        page.wait_for_selector('[data-state="expanding"][data-player="ready"]', timeout=30000)
        name, apng = self.download(page, '[data-state="expanding"] [data-format="png"]')
        self.assertEqual(name, "hello-there-little-375pt-light-expanding@2x.png")
        self.assertEqual(apng, rendered_files(self.item(page), ["png"])["expanding@2x.png"])

    def test_a_device_sets_its_scale_and_a_scale_typed_overrides_it(self):
        page = self.open()
        page.select_option("#flag--device", "iPhone 16 Pro")
        self.settle(page)
        self.assertEqual(self.item(page)["scale"], 3)
        self.assertEqual(self.canvas_width(page), 402 * 3)
        self.assertEqual(page.input_value("#flag--scale"), "")
        self.assertIn("3 from iPhone 16 Pro", page.get_attribute("#flag--scale", "placeholder"))
        # Typed: the scale is the designer's, whatever the device.
        page.fill("#flag--scale", "2")
        self.settle(page)
        self.assertEqual(self.item(page)["scale"], 2)
        self.assertEqual(self.canvas_width(page), 402 * 2)
        page.select_option("#flag--device", "iPhone 16 Pro Max")
        self.settle(page)
        self.assertEqual(self.canvas_width(page), 440 * 2)
        # Cleared: the device's again; an iPad's is 2, an iPhone SE's 2.
        page.fill("#flag--scale", "")
        page.select_option("#flag--device", "iPad mini")
        self.settle(page)
        self.assertEqual(self.item(page)["scale"], 2)
        self.assertEqual(self.canvas_width(page), 744 * 2)
        page.select_option("#flag--device", "iPhone SE")
        self.settle(page)
        self.assertEqual(self.canvas_width(page), 375 * 2)
        page.select_option("#flag--device", "iPhone 16")
        self.settle(page)
        self.assertEqual(self.canvas_width(page), 393 * 3)
        # No device: the library's scale, no scale in the item.
        page.select_option("#flag--device", "")
        self.settle(page)
        self.assertNotIn("scale", self.item(page))
        self.assertEqual(self.canvas_width(page), 375 * 2)
        # A link keeps the device's scale as the device's (the box stays empty), and renders alike.
        page.select_option("#flag--device", "iPhone 16 Pro")
        self.settle(page)
        other = self.open(page.url)
        self.assertEqual(other.input_value("#flag--scale"), "")
        self.assertEqual(self.canvas_width(other), 402 * 3)
        self.assertEqual(self.item(other), self.item(page))

    def test_the_share_url_carries_the_view(self):
        page = self.open()
        page.fill("#text", TEXT)
        page.fill("#flag--line-limit", "2")
        page.select_option("#flag--animate", "easeOut")
        page.check("#overlay")
        page.check("#both-appearances")
        self.settle(page)
        page.click("#edges-button")
        page.wait_for_selector("#edges .edge", timeout=60000)
        card = page.locator('[data-key="light/expanding"]')
        card.locator(".player .speed").wait_for(timeout=30000)
        card.locator(".speed").select_option("0.25")
        card.locator(".loop").check()
        page.wait_for_function("() => /view-loop=1/.test(location.hash)")
        url = page.url
        other = self.open(url)
        self.assertTrue(other.is_checked("#overlay"))
        self.assertIn("overlay", other.get_attribute("body", "class") or "")
        self.assertTrue(other.is_checked("#both-appearances"))
        self.assertEqual(other.locator('[data-key="dark/collapsed"]').count(), 1)
        self.assertEqual(other.get_attribute("#edges-button", "aria-pressed"), "true")
        other.wait_for_selector("#edges .edge", timeout=60000)
        for key in ("light/expanding", "dark/collapsing"):
            player = other.locator(f'[data-key="{key}"] .player')
            player.wait_for(timeout=30000)
            self.assertEqual(player.locator(".speed").input_value(), "0.25")
            self.assertTrue(player.locator(".loop").is_checked())
        # Turned off again, the link says so.
        page.uncheck("#overlay")
        page.wait_for_function("() => !/view-overlay=1/.test(location.hash)")
        other = self.open(page.url)
        self.assertFalse(other.is_checked("#overlay"))


class OpenedItemNameTests(BrowserTestCase):
    """A file opened from the gallery downloads under its item's name."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="workbench-names-")
        manifest = os.path.join(cls.folder, "manifest.json")
        with open(manifest, "w") as file:
            json.dump({"items": [
                {"name": "bio", "text": "A short bio of someone.", "device": "iPhone 16 Pro", "states": "collapsed"}]}, file)
        cls.serve_arguments = (manifest,)
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.folder)

    def test_an_opened_item_downloads_under_its_name_and_keeps_its_scale(self):
        page = self.browser.new_page(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        self.addCleanup(page.close)
        page.goto(self.workbench.url.replace("/?", "/?item=bio&file=collapsed%402x.png&"))
        page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        page.wait_for_function("() => !document.getElementById('opened').hidden")
        page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        # The manifest's item renders at the manifest's scale (2 when it sets none), as the gallery
        # shows it: opening it keeps that scale, said as set.
        self.assertEqual(page.input_value("#flag--scale"), "2")
        with page.expect_download(timeout=30000) as info:
            page.click('[data-state="collapsed"] [data-format="png"]')
        self.assertEqual(info.value.suggested_filename, "bio-iPhone-16-Pro-light-collapsed@2x.png")


if __name__ == "__main__":
    unittest.main()

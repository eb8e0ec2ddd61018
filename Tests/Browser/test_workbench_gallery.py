"""The live gallery (`serve MANIFEST`): every item's images, re-rendered when the manifest or a
text file changes on disk (only the items that changed), an invalid edit shown with its
file:line:column while the last good images stay."""

import json
import os
import shutil
import tempfile
import unittest

from playwright.sync_api import sync_playwright

from workbench_server import Workbench, binary, shown_bytes

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, ".build", "workbench-screenshots")
LONG = ("A long biography that is cut after two lines, because it goes on and on about the "
        "places it has been and the things it has made.")


def replace(path, text):
    """Writes `text` to `path` as editors do: a new file renamed over the old one."""
    with open(path + ".tmp", "w") as file:
        file.write(text)
    os.replace(path + ".tmp", path)


class GalleryTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="workbench-gallery-")
        os.makedirs(os.path.join(self.folder, "texts"))
        self.manifest = os.path.join(self.folder, "manifest.json")
        self.bio = os.path.join(self.folder, "texts", "bio.txt")
        replace(self.bio, LONG + "\n")
        self.write_manifest(2)
        self.workbench = Workbench(binary(), self.manifest)
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 720})
        self.page.goto(self.workbench.url.replace("/?", "/gallery?"))
        self.wait("s => s.items.length === 2 && s.items.every(i => i.generation === 1 && !i.pending)")

    def tearDown(self):
        self.browser.close()
        self.playwright.stop()
        self.workbench.stop()
        shutil.rmtree(self.folder)

    def write_manifest(self, line_limit, key="lineLimit"):
        replace(self.manifest, json.dumps({
            "defaults": {"width": 320},
            "items": [
                {"name": "bio", "textFile": "texts/bio.txt", key: line_limit,
                 "style": "ellipsis", "variants": {"appearance": ["light", "dark"]}},
                {"name": "short", "text": "Short."},
            ]}, indent=1))

    def wait(self, predicate):
        self.page.wait_for_function(
            f"() => {{ const s = window.galleryState.last; return s && ({predicate})(s); }}", timeout=15000)

    def state(self):
        return self.page.evaluate("window.galleryState.last")

    def image(self, item, file):
        return self.page.evaluate(
            """([item, file]) => fetch(document.querySelector(`[data-item="${item}"] img[data-file="${file}"]`).src)
                 .then(r => r.arrayBuffer()).then(b => Array.from(new Uint8Array(b)))""", [item, file])

    def test_a_text_file_change_re_renders_only_its_item(self):
        before = self.image("bio", "collapsed-light@2x.png")
        short_before = self.image("short", "collapsed@2x.png")
        replace(self.bio, "Now short.\n")
        self.wait("s => s.items[0].generation === 2 && !s.items[0].pending")
        self.page.wait_for_function(
            "() => document.querySelector('[data-item=\"bio\"]').dataset.generation === '2'")
        self.assertNotEqual(self.image("bio", "collapsed-light@2x.png"), before)
        # The other item was not rendered again.
        self.assertEqual(self.state()["items"][1]["generation"], 1)
        self.assertEqual(self.image("short", "collapsed@2x.png"), short_before)

    def test_two_workbenches_in_one_browser_both_keep_working(self):
        # Each page's requests carry its own server's token: nothing one server sets reaches
        # the other (cookies are shared by every port of a host).
        other = Workbench(binary(), self.manifest)
        context = self.browser.new_context()
        try:
            first, second = context.new_page(), context.new_page()
            first.goto(self.workbench.url.replace("/?", "/gallery?"))
            second.goto(other.url.replace("/?", "/gallery?"))
            for page in [first, second]:
                page.wait_for_function("() => window.galleryState.last", timeout=15000)
            replace(self.bio, "Now short.\n")
            for page in [first, second]:
                page.wait_for_function(
                    """() => { const img = document.querySelector(
                         '[data-item="bio"][data-generation="2"] img[data-file="collapsed-light@2x.png"]');
                       return img && img.complete && img.naturalWidth > 0; }""", timeout=15000)
            self.assertEqual(context.cookies(), [])
        finally:
            context.close()
            other.stop()

    def test_a_manifest_change_re_renders_the_item_it_touches(self):
        before = self.image("bio", "collapsed-light@2x.png")
        self.write_manifest(3)
        self.wait("s => s.items[0].generation === 2 && !s.items[0].pending")
        self.page.wait_for_function(
            "() => document.querySelector('[data-item=\"bio\"]').dataset.generation === '2'")
        self.assertNotEqual(self.image("bio", "collapsed-light@2x.png"), before)
        self.assertEqual(self.state()["items"][1]["generation"], 1)

    def test_an_invalid_edit_shows_its_position_and_keeps_the_last_images(self):
        before = self.image("bio", "collapsed-light@2x.png")
        self.write_manifest(2, key="lineLimt")
        self.wait("s => s.error")
        error = self.state()["error"]
        self.assertRegex(error, r"manifest\.json:\d+:\d+: unknown key 'lineLimt'")
        problem = self.page.locator("#problem")
        self.assertTrue(problem.is_visible())
        self.assertEqual(self.image("bio", "collapsed-light@2x.png"), before)
        os.makedirs(SCREENSHOTS, exist_ok=True)
        self.page.screenshot(path=os.path.join(SCREENSHOTS, "gallery-error.png"))
        # Fixed again: the error goes; nothing changed, so nothing is rendered again.
        self.write_manifest(2)
        self.wait("s => !s.error")
        self.assertEqual([item["generation"] for item in self.state()["items"]], [1, 1])

    def test_a_file_opens_in_the_playground_with_its_item_and_variant(self):
        gallery = self.image("bio", "collapsed-dark@2x.png")
        self.page.click('[data-item="bio"] figure:has(img[data-file="collapsed-dark@2x.png"]) a.open')
        self.page.wait_for_function(
            "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }",
            timeout=15000)
        # The controls hold the item's settings over the defaults, and the variant's axes.
        self.assertEqual(self.page.input_value("#text"), LONG)
        self.assertEqual(self.page.input_value("#flag--line-limit"), "2")
        self.assertEqual(self.page.input_value("#flag--style"), "ellipsis")
        self.assertEqual(self.page.input_value("#flag--width"), "320")
        self.assertEqual(self.page.input_value("#flag--appearance"), "dark")
        self.assertIn("Opened bio / collapsed-dark@2x.png", self.page.inner_text("#opened"))
        # And its image is the gallery's, byte for byte.
        self.assertEqual(list(shown_bytes(self.page, '[data-state="collapsed"] canvas.still')), gallery)
        self.page.screenshot(path=os.path.join(SCREENSHOTS, "playground-opened.png"))


if __name__ == "__main__":
    unittest.main()

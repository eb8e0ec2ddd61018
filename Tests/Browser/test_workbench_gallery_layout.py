"""The gallery's layout as a reader uses it: a broken manifest stays in sight however far the page
is scrolled (and goes when fixed), and an item's files form a state × appearance grid, one grid
per further variant (a column per variant when it has one appearance), instead of wrapping."""

import json
import os
import shutil
import tempfile
import unittest

from playwright.sync_api import sync_playwright

from test_workbench_gallery import CHROMIUM, LONG, SCREENSHOTS, replace
from workbench_server import Workbench, binary


class GalleryLayoutTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="workbench-gallery-layout-")
        self.manifest = os.path.join(self.folder, "manifest.json")
        self.write_manifest()
        self.workbench = Workbench(binary(), self.manifest)
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 720})
        self.page.goto(self.workbench.url.replace("/?", "/gallery?"))
        self.page.wait_for_function(
            """() => { const s = window.galleryState.last;
                 return s && s.items.length === 23 && s.items.every(i => i.generation === 1 && !i.pending); }""",
            timeout=60000)
        os.makedirs(SCREENSHOTS, exist_ok=True)

    def tearDown(self):
        self.browser.close()
        self.playwright.stop()
        self.workbench.stop()
        shutil.rmtree(self.folder)

    def write_manifest(self, key="lineLimit"):
        items = [
            {"name": "bio", "text": LONG, key: 2, "variants": {"appearance": ["light", "dark"]}},
            {"name": "bold", "text": LONG, "variants": {
                "appearance": ["light", "dark"], "legibilityWeight": ["regular", "bold"]}},
            {"name": "sizes", "text": LONG, "variants": {"dynamicType": ["xSmall", "large"]}},
        ] + [{"name": f"filler{index}", "text": f"Item {index}. {LONG}"} for index in range(20)]
        replace(self.manifest, json.dumps({"defaults": {"width": 240}, "items": items}, indent=1))

    def test_a_broken_manifest_stays_in_sight_when_scrolled_down(self):
        # Scrolled to the last item, as a reader looking at it would be.
        self.page.locator('[data-item="filler19"]').scroll_into_view_if_needed()
        self.page.mouse.wheel(0, 20000)
        self.page.wait_for_function("() => window.scrollY > 1000")
        self.write_manifest(key="lineLimt")
        self.page.wait_for_function("() => window.galleryState.last.error")
        banner = self.page.locator("#problem")
        self.assertTrue(banner.is_visible())
        box = banner.bounding_box()
        self.assertGreater(self.page.evaluate("window.scrollY"), 1000)
        # In the viewport, at its top.
        self.assertGreaterEqual(box["y"], 0)
        self.assertLess(box["y"] + box["height"], 720)
        self.assertRegex(banner.inner_text(), r"manifest\.json:\d+:\d+: unknown key 'lineLimt'")
        self.page.screenshot(path=os.path.join(SCREENSHOTS, "gallery-error-scrolled.png"))
        # Fixed: the banner goes, wherever the reader is.
        self.write_manifest()
        self.page.wait_for_function("() => !window.galleryState.last.error")
        self.assertFalse(banner.is_visible())

    def test_an_items_files_form_a_state_by_appearance_grid(self):
        bio = self.page.locator('[data-item="bio"]')
        bio.scroll_into_view_if_needed()
        grids = bio.locator("table.grid")
        self.assertEqual(grids.count(), 1)
        self.assertEqual(grids.locator("thead th[scope=col]").all_inner_texts(), ["light", "dark"])
        self.assertEqual(grids.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.state)"),
                         ["collapsed", "expanded"])
        # Each state a row, each appearance a column: the images line up both ways.
        boxes = {}
        for state in ["collapsed", "expanded"]:
            for appearance in ["light", "dark"]:
                image = bio.locator(f'img[data-file="{state}-{appearance}@2x.png"]')
                image.wait_for()
                self.page.wait_for_function(
                    "img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
                boxes[state, appearance] = image.bounding_box()
        for state in ["collapsed", "expanded"]:
            self.assertEqual(boxes[state, "light"]["y"], boxes[state, "dark"]["y"])
            self.assertLess(boxes[state, "light"]["x"], boxes[state, "dark"]["x"])
        for appearance in ["light", "dark"]:
            self.assertEqual(boxes["collapsed", appearance]["x"], boxes["expanded", appearance]["x"])
            self.assertLess(boxes["collapsed", appearance]["y"], boxes["expanded", appearance]["y"])
        # A further variant axis: one grid per value, captioned with it.
        bold = self.page.locator('[data-item="bold"]')
        bold.scroll_into_view_if_needed()
        self.assertEqual(bold.locator("table.grid caption").all_inner_texts(), ["regular", "bold"])
        self.assertEqual(bold.locator('table.grid[data-variant="bold"] img').evaluate_all(
            "images => images.map(i => i.dataset.file)"),
            ["collapsed-light-bold@2x.png", "collapsed-dark-bold@2x.png",
             "expanded-light-bold@2x.png", "expanded-dark-bold@2x.png"])
        # One appearance: one grid, a column per variant.
        sizes = self.page.locator('[data-item="sizes"]')
        self.assertEqual(sizes.locator("table.grid").count(), 1)
        self.assertEqual(sizes.locator("thead th[scope=col]").all_inner_texts(), ["xSmall", "large"])
        self.assertEqual(sizes.locator('tr[data-state="expanded"] img').evaluate_all(
            "images => images.map(i => i.dataset.file)"),
            ["expanded-xSmall@2x.png", "expanded-large@2x.png"])
        self.page.locator('[data-item="bio"]').scroll_into_view_if_needed()
        self.page.screenshot(path=os.path.join(SCREENSHOTS, "gallery-grid.png"), full_page=False)


if __name__ == "__main__":
    unittest.main()

"""Save to the manifest from the playground, in Chromium and on the file: a new item under the
name typed (the other items' bytes unchanged, the gallery shows it at once), an item opened from
the gallery written over in place, and a save refused (nothing written) when the file was
edited since the page read it, or when the manifest's rules refuse the name."""

import json
import os
import shutil
import tempfile
import unittest

from workbench_server import BrowserTestCase

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"
MANIFEST = """{
  "items": [
    {"name": "bio",   "text": "A short bio of someone.", "states": "collapsed"},
    {"name": "other", "text": "Stays as it is, byte for byte.", "states": "collapsed"}
  ]
}
"""


class PlaygroundSaveTests(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="workbench-save-")
        cls.manifest = os.path.join(cls.folder, "manifest.json")
        cls.serve_arguments = (cls.manifest,)
        with open(cls.manifest, "w") as file:
            file.write(MANIFEST)
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.folder)

    def setUp(self):
        with open(self.manifest, "w") as file:
            file.write(MANIFEST)

    def read(self):
        with open(self.manifest) as file:
            return file.read()

    def open(self, query=""):
        page = self.browser.new_page(viewport={"width": 1280, "height": 900})
        self.addCleanup(page.close)
        page.goto(self.workbench.url.replace("/?", f"/?{query}"))
        page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        page.wait_for_selector("#save", state="visible")
        return page

    def test_a_new_item_is_saved_and_the_gallery_shows_it(self):
        page = self.open()
        page.fill("#text", "Made in the playground, saved as an item.")
        page.fill("#flag--line-limit", "1")
        page.wait_for_function(WAIT_FOR_RENDER)
        page.fill("#save-name", "from-playground")
        page.click("#save-new")
        page.wait_for_function("() => /Saved/.test(document.getElementById('save-result').textContent)")
        text = self.read()
        # The file up to the last item's end, and its end, are as they were.
        end = MANIFEST.index('byte for byte.", "states": "collapsed"}') + len('byte for byte.", "states": "collapsed"}')
        self.assertTrue(text.startswith(MANIFEST[:end]), text)
        self.assertTrue(text.endswith(MANIFEST[end:]), text)
        items = json.loads(text)["items"]
        self.assertEqual([item["name"] for item in items], ["bio", "other", "from-playground"])
        self.assertEqual(items[2]["text"], "Made in the playground, saved as an item.")
        self.assertEqual(items[2]["lineLimit"], 1)
        gallery = self.browser.new_page()
        self.addCleanup(gallery.close)
        gallery.goto(self.workbench.url.replace("/?", "/gallery?"))
        gallery.wait_for_selector('[data-item="from-playground"] img', timeout=30000)
        # The same name again: the manifest's own rule refuses it, nothing is written.
        page.click("#save-new")
        page.wait_for_function("() => /already used/.test(document.getElementById('save-result').textContent)")
        self.assertEqual(self.read(), text)

    def test_an_opened_item_is_saved_over_in_place(self):
        page = self.open("item=bio&file=collapsed%402x.png&")
        page.wait_for_function("() => !document.getElementById('opened').hidden")
        page.wait_for_function(WAIT_FOR_RENDER)
        self.assertEqual(page.inner_text("#save-over"), "Save over “bio”")
        page.fill("#text", "A rewritten bio.")
        page.wait_for_function(WAIT_FOR_RENDER)
        page.click("#save-over")
        page.wait_for_function("() => /Saved/.test(document.getElementById('save-result').textContent)")
        text = self.read()
        items = json.loads(text)["items"]
        self.assertEqual([item["name"] for item in items], ["bio", "other"])
        self.assertEqual(items[0]["text"], "A rewritten bio.")
        self.assertIn('{"name": "other", "text": "Stays as it is, byte for byte.", "states": "collapsed"}', text)

    def test_a_file_edited_since_the_page_read_it_is_not_overwritten(self):
        page = self.open()
        edited = MANIFEST.replace("A short bio of someone.", "Edited in an editor meanwhile.")
        with open(self.manifest, "w") as file:
            file.write(edited)
        page.fill("#save-name", "late")
        page.click("#save-new")
        page.wait_for_function(
            "() => /changed on disk since the playground read it/.test(document.getElementById('save-result').textContent)")
        self.assertEqual(self.read(), edited)


if __name__ == "__main__":
    unittest.main()

"""The playground's downloads, clicked as a user would: a state as PNG, SVG and PDF (the bytes
`render` writes for the copied item with those formats), and every state in
light and dark as a ZIP (a valid archive whose files are `render`'s)."""

import io
import json
import os
import shutil
import subprocess
import tempfile
import unittest
import zipfile


from workbench_server import BrowserTestCase, binary, shown_bytes

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"


def rendered_files(item, formats, appearance=None):
    """The files `render` writes for `item` with `formats` (and `appearance`), by name."""
    folder = tempfile.mkdtemp(prefix="workbench-download-")
    try:
        item = dict(item, formats=formats)
        if appearance:
            item["appearance"] = appearance
        manifest = os.path.join(folder, "manifest.json")
        with open(manifest, "w") as file:
            json.dump({"items": [item]}, file)
        out = os.path.join(folder, "out")
        subprocess.run([binary(), "render", manifest, "--out", out, "--quiet"], check=True)
        files = {}
        # The images; render's layout.json is the facts the page shows, not a download.
        for name in os.listdir(os.path.join(out, item["name"])):
            if name == "layout.json":
                continue
            with open(os.path.join(out, item["name"], name), "rb") as file:
                files[name] = file.read()
        return files
    finally:
        shutil.rmtree(folder)


class DownloadTests(BrowserTestCase):
    def setUp(self):
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        self.page.goto(self.workbench.url)
        self.page.fill("#flag--line-limit", "2")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=15000)
        self.item = json.loads(self.page.text_content("#copy-item"))

    def tearDown(self):
        self.page.close()

    def download(self, selector):
        with self.page.expect_download(timeout=30000) as info:
            self.page.click(selector)
        download = info.value
        with open(download.path(), "rb") as file:
            return download.suggested_filename, file.read()

    def test_a_state_downloads_as_render_s_png_svg_and_pdf(self):
        name, png = self.download('[data-state="collapsed"] [data-format="png"]')
        # Named after the text's first words, the width, appearance, state and scale.
        self.assertEqual(name, "the-quick-brown-375pt-light-collapsed@2x.png")
        # The page draws the still from its pixels; its PNG is render's file, byte for byte
        # (test_workbench_playground_canvas: and its pixels are the canvas's).
        self.assertEqual(png, rendered_files(self.item, ["png"])["collapsed@2x.png"])
        vectors = rendered_files(self.item, ["svg", "pdf"])
        name, svg = self.download('[data-state="collapsed"] [data-format="svg"]')
        self.assertTrue(svg.lstrip().startswith(b"<"), svg[:40])
        self.assertEqual(name, "the-quick-brown-375pt-light-collapsed.svg")
        self.assertEqual(svg, vectors["collapsed.svg"])
        name, pdf = self.download('[data-state="expanded"] [data-format="pdf"]')
        self.assertTrue(pdf.startswith(b"%PDF"))
        self.assertEqual(name, "the-quick-brown-375pt-light-expanded.pdf")
        self.assertEqual(pdf, vectors["expanded.pdf"])

    def test_every_state_downloads_in_light_and_dark_as_a_zip(self):
        name, data = self.download("#zip-button")
        self.assertEqual(name, "the-quick-brown-375pt@2x.zip")
        archive = zipfile.ZipFile(io.BytesIO(data))
        self.assertIsNone(archive.testzip())  # every file's CRC-32 matches
        self.assertEqual(json.loads(archive.read("item.json")), self.item)
        for appearance in ["light", "dark"]:
            expected = rendered_files(self.item, ["png", "svg", "pdf"], appearance)
            inside = {entry[len(appearance) + 1:]: archive.read(entry)
                      for entry in archive.namelist() if entry.startswith(appearance + "/")}
            self.assertEqual(sorted(inside), sorted(expected), appearance)
            self.assertEqual(inside, expected, appearance)
        shown = shown_bytes(self.page, '[data-state="collapsed"] canvas.still')
        self.assertEqual(archive.read("light/collapsed@2x.png"), shown)
        self.assertNotEqual(archive.read("dark/collapsed@2x.png"), shown)
        # Unzip, the common tool, reads it too.
        if shutil.which("unzip"):
            folder = tempfile.mkdtemp(prefix="workbench-zip-")
            self.addCleanup(shutil.rmtree, folder)
            path = os.path.join(folder, name)
            with open(path, "wb") as file:
                file.write(data)
            subprocess.run(["unzip", "-tq", path], check=True, capture_output=True)


if __name__ == "__main__":
    unittest.main()

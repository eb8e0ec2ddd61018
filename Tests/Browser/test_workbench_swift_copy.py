""""Copy as Swift" round trip: the Swift the playground shows, compiled against this package in
a scratch package and run, writes the bytes the page showed. (The first run builds the library
into .build/swift-copy; later runs are incremental.)"""

import os
import subprocess
import unittest

from playwright.sync_api import sync_playwright

from workbench_server import Workbench, binary, shown_bytes

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, ".build", "swift-copy")

MANIFEST = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SwiftCopy",
  dependencies: [.package(path: "deps/ExpandablePreview")],
  targets: [
    .executableTarget(
      name: "swift-copy",
      dependencies: [.product(name: "ExpandablePreview", package: "ExpandablePreview")])
  ]
)
"""

MAIN = """import ExpandablePreview
import Foundation

{snippet}

// Each state the page shows, with the fonts the workbench renders with (the pinned set).
let renderer = try Renderer(fontSet: .standard)
for (state, path) in [(ExpansionState.collapsed, CommandLine.arguments[1]),
                      (ExpansionState.expanded, CommandLine.arguments[2])] {{
  var stateOptions = options
  stateOptions.state = state
  try renderer.renderPNG(component, options: stateOptions).png!.write(to: URL(fileURLWithPath: path))
}}
"""


class SwiftCopyTests(unittest.TestCase):
    def test_the_swift_copy_renders_the_bytes_the_page_showed(self):
        workbench = Workbench(binary())
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                page = browser.new_page()
                page.goto(workbench.url)
                page.fill("#text", 'A "quoted" bio\\nwith a second line, ünïcødé and 日本語, long enough to be cut.')
                page.select_option("#flag--style", "ellipsis")
                page.fill("#flag--line-limit", "2")
                page.fill("#flag--font", "headline")
                page.fill("#flag--more", "Read more")
                page.fill("#flag--more-color", "#FF2D55")
                page.fill("#flag--less", "Show less")
                page.select_option("#flag--appearance", "dark")
                page.select_option("#flag--dynamic-type", "xLarge")
                page.fill("#flag--padding", "8")
                page.locator("#flag--width").fill("300")
                page.wait_for_function(
                    "() => { const s = window.playgroundState; return s.shown === s.seq; }")
                snippet = page.text_content("#copy-swift")
                shown = {}
                for state in ("collapsed", "expanded"):
                    shown[state] = shown_bytes(page, f'[data-state="{state}"] canvas.still')
                browser.close()
        finally:
            workbench.stop()
        self.assertIn("ExpandableText(text:", snippet)
        self.assertIn(".truncationStyle(.ellipsis)", snippet)
        self.assertNotIn("see the manifest item", snippet)

        os.makedirs(os.path.join(WORK, "Sources", "swift-copy"), exist_ok=True)
        os.makedirs(os.path.join(WORK, "deps"), exist_ok=True)
        link = os.path.join(WORK, "deps", "ExpandablePreview")
        if not os.path.islink(link):
            os.symlink(ROOT, link)
        with open(os.path.join(WORK, "Package.swift"), "w") as file:
            file.write(MANIFEST)
        with open(os.path.join(WORK, "Sources", "swift-copy", "main.swift"), "w") as file:
            file.write(MAIN.format(snippet=snippet))
        build = subprocess.run(
            ["swift", "build", "--package-path", WORK, "--product", "swift-copy"],
            capture_output=True, text=True)
        self.assertEqual(build.returncode, 0, build.stdout[-4000:] + build.stderr[-4000:])
        collapsed = os.path.join(WORK, "collapsed.png")
        expanded = os.path.join(WORK, "expanded.png")
        subprocess.run(
            [os.path.join(WORK, ".build", "debug", "swift-copy"), collapsed, expanded], check=True)
        for state, path in (("collapsed", collapsed), ("expanded", expanded)):
            with open(path, "rb") as file:
                self.assertEqual(file.read(), shown[state], state)


if __name__ == "__main__":
    unittest.main()

""""Copy as Swift" round trip: the Swift the playground shows, compiled against this package in
a scratch package and run, writes the bytes the page showed, for three states of the page that
together set every setting it shows (the animation's frames too). The scratch package builds into
Scripts/check-snippets.sh's build folder and depends on this package through the same link, so
the library, compiled as a dependency, is compiled once for both (later runs are incremental)."""

import os
import subprocess
import unittest

from playwright.sync_api import sync_playwright

from workbench_server import Workbench, binary, shown_bytes

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, ".build", "swift-copy")
SNIPPETS = os.path.join(ROOT, ".build", "snippets")

MANIFEST = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SwiftCopy",
  dependencies: [.package(path: "{snippets}/deps/ExpandablePreview")],
  targets: [
    .executableTarget(
      name: "swift-copy",
      dependencies: [.product(name: "ExpandablePreview", package: "ExpandablePreview")])
  ]
)
"""

# One function a case: the snippet as copied, then each state the page showed rendered with the
# fonts the workbench renders with (the pinned set): stills as PNG, animations as APNG.
CASE = """func case{number}() throws {{
{snippet}
  let renderer = try Renderer(fontSet: .standard)
  let folder = CommandLine.arguments[1] + "/case{number}-"
  for state in [{stills}] {{
    var stateOptions = options
    stateOptions.state = state
    try renderer.renderPNG(component, options: stateOptions).png!
      .write(to: URL(fileURLWithPath: folder + "\\(state).png"))
  }}
  for direction in [{animations}] as [AnimationDirection] {{
    try renderer.renderAnimation(component, options: options, direction: direction).apng
      .write(to: URL(fileURLWithPath: folder + direction.rawValue + ".png"))
  }}
}}
"""

WAIT = "() => { const s = window.playgroundState; return s.shown === s.seq; }"


def case_a(page):
    """Text, the ellipsis style and its ellipsis, labels, appearance, text size, padding, width."""
    page.fill("#text", 'A "quoted" bio\nwith a second line, ünïcødé and 日本語, long enough to be cut.')
    page.select_option("#flag--style", "ellipsis")
    page.fill("#flag--ellipsis", " …")
    page.fill("#flag--line-limit", "2")
    page.fill("#flag--font", "headline")
    page.fill("#flag--more", "Read more")
    page.fill("#flag--more-color", "#FF2D55")
    page.fill("#flag--less", "Show less")
    page.select_option("#flag--appearance", "dark")
    page.select_option("#flag--dynamic-type", "xLarge")
    page.fill("#flag--padding", "8")
    page.locator("#flag--width").fill("300")


def case_b(page):
    """A device (and its scale), Bold Text, Increase Contrast, Markdown, colors, spacing, words,
    the label's font and placement, a language."""
    page.fill("#text", "A **bold** claim and a ~~struck~~ word, with more words than two lines of an "
              "iPhone can hold at this size, surely.")
    page.select_option("#flag--device", "iPhone 16 Pro")
    page.select_option("#flag--legibility-weight", "bold")
    page.select_option("#flag--color-scheme-contrast", "increased")
    page.check("#flag--markdown")
    page.check("#flag--word-boundaries")
    page.fill("#flag--line-limit", "2")
    page.fill("#flag--color", "#333333")
    page.fill("#flag--tint", "purple")
    page.fill("#flag--background", "#FFF8E1")
    page.fill("#flag--line-spacing", "4")
    page.fill("#flag--more-font", "footnote")
    page.fill("#flag--less", "less")
    page.select_option("#flag--less-placement", "belowText")
    page.fill("#flag--language", "de")


def case_c(page):
    """The animation (curve, duration, frame rate), Reduce Motion, right to left, a scale typed."""
    page.fill("#text", "שלום עולם, זה טקסט בעברית שנחתך אחרי שורה אחת בלבד.")
    page.select_option("#flag--direction", "rightToLeft")
    page.fill("#flag--line-limit", "1")
    page.locator("#flag--width").fill("220")
    page.fill("#flag--scale", "1")
    page.fill("#flag--less", "less")
    page.select_option("#flag--animate", "easeInOut")
    page.fill("#flag--animate-duration", "0.2")
    page.fill("#flag--fps", "20")
    page.check("#flag--reduce-motion")


CASES = [case_a, case_b, case_c]
# Not a look of the component: an extra file beside each still (renderAccessibilityOverlay).
NOT_A_LOOK = {"--accessibility-overlay"}


class SwiftCopyTests(unittest.TestCase):
    def test_the_swift_copy_renders_the_bytes_the_page_showed(self):
        snippets, shown, touched = [], [], set()
        workbench = Workbench(binary())
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                for case in CASES:
                    page = browser.new_page()
                    page.goto(workbench.url)
                    page.wait_for_function(WAIT, timeout=30000)
                    case(page)
                    page.wait_for_function(WAIT, timeout=30000)
                    states = page.eval_on_selector_all(".state", "l => l.map(c => c.dataset.state)")
                    for state in states:
                        if state in ("expanding", "collapsing"):
                            page.wait_for_selector(f'[data-state="{state}"][data-player]', timeout=30000)
                    snippets.append(page.text_content("#copy-swift"))
                    shown.append({state: shown_bytes(page, f'[data-state="{state}"] canvas.still')
                                  for state in states})
                    touched |= {flag for flag, _ in page.evaluate("flags()")}
                    controls = set(page.evaluate("controlsState.controls.map(c => c.flag)"))
                    page.close()
                browser.close()
        finally:
            workbench.stop()
        # Together the cases set every setting the playground shows.
        self.assertEqual(controls - NOT_A_LOOK - touched, set())
        self.assertIn(".truncationStyle(.ellipsis)", snippets[0])
        self.assertIn('options.apply(Device.named("iPhone 16 Pro")!)', snippets[1])
        self.assertIn("options.legibilityWeight = .bold", snippets[1])
        self.assertIn("options.colorSchemeContrast = .increased", snippets[1])
        self.assertIn(".expandAnimation(.easeInOut(duration: 0.2))", snippets[2])
        self.assertIn("options.accessibilityReduceMotion = true", snippets[2])
        self.assertEqual(set(shown[2]), {"collapsed", "expanded", "expanding", "collapsing"})
        for snippet in snippets:
            self.assertNotIn("see the manifest item", snippet)

        os.makedirs(os.path.join(WORK, "Sources", "swift-copy"), exist_ok=True)
        os.makedirs(os.path.join(SNIPPETS, "deps"), exist_ok=True)
        link = os.path.join(SNIPPETS, "deps", "ExpandablePreview")
        if not os.path.islink(link):
            os.symlink("../../..", link)
        with open(os.path.join(WORK, "Package.swift"), "w") as file:
            file.write(MANIFEST.replace("{snippets}", SNIPPETS))
        functions = []
        for number, (snippet, states) in enumerate(zip(snippets, shown)):
            stills = ", ".join(f"ExpansionState.{s}" for s in states if s in ("collapsed", "expanded"))
            animations = ", ".join(f".{s}" for s in states if s in ("expanding", "collapsing"))
            functions.append(CASE.format(
                number=number, snippet="\n".join("  " + line for line in snippet.splitlines()),
                stills=stills, animations=animations))
        calls = "\n".join(f"try case{number}()" for number in range(len(snippets)))
        with open(os.path.join(WORK, "Sources", "swift-copy", "main.swift"), "w") as file:
            file.write("import ExpandablePreview\nimport Foundation\n\n" + "\n".join(functions) + "\n" + calls + "\n")
        build = subprocess.run(
            ["swift", "build", "--package-path", WORK, "--scratch-path", os.path.join(SNIPPETS, ".build"),
             "--product", "swift-copy"],
            capture_output=True, text=True)
        self.assertEqual(build.returncode, 0, build.stdout[-4000:] + build.stderr[-4000:])
        out = os.path.join(WORK, "out")
        os.makedirs(out, exist_ok=True)
        subprocess.run([os.path.join(SNIPPETS, ".build", "debug", "swift-copy"), out], check=True)
        for number, states in enumerate(shown):
            for state, expected in states.items():
                with open(os.path.join(out, f"case{number}-{state}.png"), "rb") as file:
                    self.assertEqual(file.read(), expected, f"case {number}: {state}")


if __name__ == "__main__":
    unittest.main()

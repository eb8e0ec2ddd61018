"""The playground's facts as a designer reads them: a warning when the expanded state's fade or
label covers its last word (160 pt wide, accessibility5), label rows only when a label is drawn,
and a visible text that never ends in half an emoji, counted in whole characters."""

import os
import shutil
import unittest


from test_workbench_playground import fact
from workbench_server import ROOT, SCREENSHOTS, BrowserTestCase

DEVELOPER = ("Being a top 1% developer isn’t just about knowing Swift, SwiftUI, and Xcode. It’s about "
             "understanding everything")


class PlaygroundFactsTests(BrowserTestCase):
    def setUp(self):
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 900})
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(self.workbench.url)
        self.rendered()

    def tearDown(self):
        self.page.close()
        self.assertEqual(self.errors, [])

    def rendered(self):
        self.page.wait_for_function(
            "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }",
            timeout=15000)

    def facts(self, state):
        return self.page.eval_on_selector_all(
            f'[data-state="{state}"] .facts tr', "l => l.map(r => r.dataset.fact)")

    def test_the_expanded_state_s_fade_over_its_last_word_is_a_warning(self):
        self.page.select_option("#flag--style", "fade")
        self.page.fill("#text", DEVELOPER)
        self.page.fill("#width-number", "160")
        self.rendered()
        covered = '[data-state="expanded"] [data-fact="covered text"]'
        self.page.wait_for_selector(covered)
        self.assertIn("covers text on line", self.page.inner_text(f"{covered} td"))
        self.assertEqual(self.page.get_attribute(covered, "class"), "warning")
        self.assertEqual(fact(self.page, "expanded", "truncated"), "no")
        self.assertNotIn("covered text", self.facts("collapsed"))
        self.page.eval_on_selector(covered, "row => row.scrollIntoView({ block: 'center' })")
        os.makedirs(SCREENSHOTS, exist_ok=True)
        path = os.path.join(SCREENSHOTS, "workbench-facts-covered.png")
        self.page.screenshot(path=path, clip={"x": 350, "y": 100, "width": 650, "height": 500})
        if os.environ.get("WORKBENCH_README_SCREENSHOT"):
            shutil.copyfile(path, os.path.join(ROOT, "Documentation", "images", "workbench-facts-covered.png"))
        # Wide enough, nothing is covered.
        self.page.fill("#width-number", "600")
        self.rendered()
        self.assertNotIn("covered text", self.facts("expanded"))

    def test_label_facts_only_when_there_is_a_label(self):
        self.page.fill("#text", "Hi")
        self.rendered()
        for state in ("collapsed", "expanded"):
            facts = self.facts(state)
            self.assertIn("lines", facts)
            self.assertNotIn("label fits", facts)
            self.assertNotIn("label frame", facts)
        self.page.fill("#text", DEVELOPER * 3)
        self.rendered()
        self.assertEqual(fact(self.page, "collapsed", "label fits"), "yes")

    def test_the_visible_text_never_ends_in_half_an_emoji(self):
        text = "👩‍👩‍👧 🇯🇵 👍🏽 " * 40
        self.page.fill("#text", text)
        for width in ("161", "233"):
            self.page.fill("#width-number", width)
            self.rendered()
            visible = fact(self.page, "collapsed", "visible text")
            self.assertNotIn("\ufffd", visible)
            shown = visible[:-1] if visible.endswith("…") else visible
            # Whole characters (grapheme clusters), as the page's own segmenter counts them.
            whole = self.page.evaluate(
                """([text, shown]) => {
                     const graphemes = (s) => [...new Intl.Segmenter().segment(s)].map(g => g.segment);
                     const all = graphemes(text), part = graphemes(shown);
                     return [all.length, part.every((g, i) => g === all[i])];
                   }""", [text, shown])
            self.assertTrue(whole[1], f"{width}: {shown[-3:]!r}")
            self.assertTrue(fact(self.page, "collapsed", "cut").endswith(f" of {whole[0]} characters"))


if __name__ == "__main__":
    unittest.main()

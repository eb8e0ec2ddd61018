"""The animation as the component moves: the player draws each frame at the component's height at
that moment, so the last collapsing frame is the collapsed still pixel for pixel and the first
expanding frame too (and the last expanding frame the expanded still); the component view plays
its frames the same way; the facts say which canvas the APNG uses."""

import math
import unittest

from workbench_server import BrowserTestCase, canvas_pixels

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"
TEXT = ("The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs. "
        "How vexingly quick daft zebras jump! Sphinx of black quartz, judge my vow.")


class PlayerHeightTests(BrowserTestCase):
    def setUp(self):
        self.page = self.browser.new_page(viewport={"width": 1400, "height": 1000})
        self.page.goto(self.workbench.url)
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        self.page.fill("#text", TEXT)
        self.page.fill("#flag--line-limit", "2")
        self.page.fill("#flag--less", "less")
        self.page.select_option("#flag--animate", "easeOut")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        for state in ("expanding", "collapsing"):
            self.page.wait_for_selector(f'[data-state="{state}"][data-player="ready"]', timeout=30000)
            self.page.wait_for_function(
                f"() => document.querySelector('[data-state=\"{state}\"]').dataset.playing === 'no'",
                timeout=30000)

    def tearDown(self):
        self.page.close()

    def frame(self, state, index):
        card = f'[data-state="{state}"]'
        count = int(self.page.get_attribute(card, "data-frame-count"))
        index = index % count
        self.page.locator(f"{card} .scrub").fill(str(index))
        self.page.wait_for_function(f"() => document.querySelector('{card}').dataset.frame === '{index}'")
        return canvas_pixels(self.page, f"{card} canvas.player-canvas")

    def still(self, state):
        return canvas_pixels(self.page, f'[data-state="{state}"] canvas.still')

    def test_each_frame_is_drawn_at_the_component_s_height(self):
        collapsed, expanded = self.still("collapsed"), self.still("expanded")
        self.assertLess(collapsed[1], expanded[1])
        # The ends are the stills, pixel for pixel.
        self.assertEqual(self.frame("collapsing", -1), collapsed)
        self.assertEqual(self.frame("expanding", 0), collapsed)
        self.assertEqual(self.frame("expanding", -1), expanded)
        self.assertEqual(self.frame("collapsing", 0), expanded)
        # In between, the height the facts give for that frame.
        middle = self.frame("expanding", 4)
        height = self.page.evaluate(
            "() => document.querySelector('[data-state=\"expanding\"]').layout.frames[4].height")
        self.assertEqual(middle[1], math.ceil(height * 2 - 1e-6))
        self.assertIn(f"{round(height)} pt high", self.page.inner_text('[data-state="expanding"] .frame-number'))

    def test_the_component_view_ends_on_the_collapsed_height(self):
        self.page.click("#component-label")
        self.page.wait_for_function("() => document.getElementById('component').dataset.shows === 'expanded'"
                                    " && document.getElementById('component').dataset.animating === 'no'", timeout=15000)
        heights = []
        self.page.expose_function("keep", lambda height: heights.append(height))
        self.page.evaluate("""() => { const canvas = document.getElementById('component-animation');
            new MutationObserver(() => keep(canvas.height)).observe(canvas, { attributes: true }); }""")
        self.page.click("#component-label")
        self.page.wait_for_function("() => document.getElementById('component').dataset.shows === 'collapsed'"
                                    " && document.getElementById('component').dataset.animating === 'no'", timeout=15000)
        collapsed = self.still("collapsed")
        self.assertTrue(heights, "the component's canvas never changed height")
        self.assertEqual(heights[-1], collapsed[1])

    def test_the_facts_say_the_apng_s_canvas(self):
        words = self.page.inner_text('[data-state="expanding"] [data-fact="canvas"] td')
        size = self.page.evaluate("() => document.querySelector('[data-state=\"expanding\"]').layout.size")
        self.assertIn(f"{round(size['width'])} × {round(size['height'])} pt", words)
        self.assertIn("every frame", words)
        self.assertIn("the background below", words)


if __name__ == "__main__":
    unittest.main()

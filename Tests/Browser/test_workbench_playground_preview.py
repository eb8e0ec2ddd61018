"""The playground's preview as a designer uses it, clicked in headless Chromium: light and dark
side by side, the animation player (play, pause, scrub, slow motion, hold or loop), the
accessibility overlay shown, the preview as the component (its label toggles it, with the
animation), edge texts that follow the settings and are cut in every script, and did-you-mean
where text is typed."""

import base64
import io
import json
import os

from PIL import Image, ImageStat

from workbench_server import SCREENSHOTS, BrowserTestCase, shown_bytes

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"
WAIT_FOR_EDGES = "() => { const s = window.playgroundState; return s.edgesSeq && s.edgesShown === s.edgesSeq; }"
LONG_TEXT = ("The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs. "
             "How vexingly quick daft zebras jump! Sphinx of black quartz, judge my vow. ") * 2


def decoded(source):
    """An image from a canvas's data: URL, or from the bytes an image shows."""
    if isinstance(source, str):
        source = base64.b64decode(source.split(",", 1)[1])
    return Image.open(io.BytesIO(source))


def brightness(source):
    return ImageStat.Stat(decoded(source).convert("L")).mean[0]


class PlaygroundPreviewTests(BrowserTestCase):
    def open(self, url=None, width=1280, height=900):
        page = self.browser.new_page(viewport={"width": width, "height": height})
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        self.addCleanup(lambda: self.assertEqual(errors, []))
        self.addCleanup(page.close)
        page.goto(url or self.workbench.url)
        page.wait_for_function(WAIT_FOR_RENDER, timeout=15000)
        return page

    def settle(self, page):
        page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)

    def animated(self, page, curve="easeOut"):
        """The page with an animation and both labels; waits for the expanding player."""
        page.fill("#text", LONG_TEXT)
        page.fill("#flag--less", "less")
        page.select_option("#flag--animate", curve)
        self.settle(page)
        page.wait_for_selector('[data-state="expanding"][data-player="ready"]', timeout=15000)
        return page.locator('.state[data-state="expanding"]')

    def wait_until_held(self, page):
        """Waits for the first play (once, on arrival) to end on the last frame."""
        page.wait_for_function(
            "() => document.querySelector('.state[data-state=\"expanding\"]').dataset.playing === 'no'", timeout=15000)

    def test_light_and_dark_side_by_side_show_each_state_in_both(self):
        page = self.open()
        page.check("#both-appearances")
        self.settle(page)
        keys = page.eval_on_selector_all("#states .state", "cards => cards.map(c => c.dataset.key)")
        self.assertEqual(keys, ["light/collapsed", "dark/collapsed", "light/expanded", "dark/expanded"])
        light = shown_bytes(page, '[data-key="light/collapsed"] canvas.still')
        dark = shown_bytes(page, '[data-key="dark/collapsed"] canvas.still')
        self.assertGreater(brightness(light), brightness(dark) + 50)
        # The copy holds what was set (no appearance); the cards sit in one row at 1280 px.
        self.assertNotIn("appearance", json.loads(page.text_content("#copy-item")))
        boxes = [page.locator(f'[data-key="{k}"]').bounding_box() for k in ("light/collapsed", "dark/collapsed")]
        self.assertEqual(boxes[0]["y"], boxes[1]["y"])
        self.assertIn("dark", page.inner_text('[data-key="dark/collapsed"] h2'))
        page.uncheck("#both-appearances")
        self.settle(page)
        keys = page.eval_on_selector_all("#states .state", "cards => cards.map(c => c.dataset.key)")
        self.assertEqual(keys, ["collapsed", "expanded"])

    def test_the_player_plays_once_and_holds_on_the_last_frame(self):
        page = self.open()
        card = self.animated(page)
        count = int(card.get_attribute("data-frame-count"))
        facts = page.evaluate("() => document.querySelector('.state[data-state=\"expanding\"]').layout.frames.length")
        self.assertEqual(count, facts)
        self.assertGreater(count, 5)
        self.wait_until_held(page)
        self.assertEqual(int(card.get_attribute("data-frame")), count - 1)
        self.assertIn(f"frame {count} of {count}", card.locator(".frame-number").inner_text())

    def test_scrubbing_shows_each_frame_and_pauses(self):
        page = self.open()
        card = self.animated(page)
        canvas = card.locator("canvas.player-canvas")
        last = canvas.evaluate("c => c.toDataURL()")
        scrub = card.locator(".scrub")
        scrub.fill("0")
        self.assertEqual(card.get_attribute("data-frame"), "0")
        self.assertEqual(card.get_attribute("data-playing"), "no")
        first = canvas.evaluate("c => c.toDataURL()")
        self.assertNotEqual(first, last)
        # The first frame is drawn at the collapsed height: shorter than the last
        # (test_workbench_player_height: each end is its still, pixel for pixel).
        self.assertLess(canvas.evaluate("c => c.height"), card.evaluate(
            "c => Math.ceil(c.layout.frames.at(-1).height * 2)"))
        scrub.press("ArrowRight")
        self.assertEqual(card.get_attribute("data-frame"), "1")
        self.assertIn("frame 2 of", card.locator(".frame-number").inner_text())

    def test_slow_motion_plays_at_a_quarter_of_the_speed(self):
        page = self.open()
        card = self.animated(page)
        self.wait_until_held(page)
        card.locator(".speed").select_option("0.25")
        page.evaluate("() => { window.playStarted = performance.now(); }")
        card.locator(".play").click()
        page.wait_for_timeout(700)
        # Whatever the machine's speed, the frame shown is never ahead of a quarter of the time passed.
        shown = page.evaluate("""() => {
          const card = document.querySelector('.state[data-state="expanding"]');
          const frame = card.layout.frames[Number(card.dataset.frame)];
          return { time: frame.time, passed: (performance.now() - window.playStarted) / 1000,
                   playing: card.dataset.playing, total: card.layout.frames.at(-1).time };
        }""")
        self.assertLessEqual(shown["time"], shown["passed"] * 0.25 + 1 / 30)
        if shown["passed"] * 0.25 < shown["total"]:
            self.assertEqual(shown["playing"], "yes")
        card.locator(".play").click()
        self.assertEqual(card.get_attribute("data-playing"), "no")
        self.assertEqual(card.locator(".play").inner_text(), "Play")

    def test_loop_keeps_playing_past_the_end(self):
        page = self.open()
        card = self.animated(page)
        self.wait_until_held(page)
        card.locator(".loop").check()
        card.locator(".play").click()
        total = page.evaluate("() => document.querySelector('.state[data-state=\"expanding\"]').layout.frames.at(-1).time")
        page.wait_for_timeout(int(total * 1000 * 2.5))
        self.assertEqual(card.get_attribute("data-playing"), "yes")

    def test_the_accessibility_overlay_is_shown_under_each_still(self):
        page = self.open()
        self.assertEqual(page.locator(".a11y-overlay").count(), 0)
        page.check("#flag--accessibility-overlay")
        self.settle(page)
        for state in ("collapsed", "expanded"):
            overlay = page.locator(f'.state[data-state="{state}"] .a11y-overlay img')
            overlay.wait_for()
            self.assertTrue(overlay.get_attribute("src").startswith("blob:"))
            self.assertNotEqual(shown_bytes(page, f'.state[data-state="{state}"] .a11y-overlay img'),
                                shown_bytes(page, f'.state[data-state="{state}"] canvas.still'))
            self.assertTrue(overlay.evaluate("img => img.complete && img.naturalWidth > 0"))
            # The overlay draws in color (the frames and their labels) on the grey text.
            colors = decoded(shown_bytes(page, f'.state[data-state="{state}"] .a11y-overlay img')
                             ).convert("RGB").getcolors(1 << 20)
            self.assertTrue(any(abs(r - g) > 60 or abs(g - b) > 60 for _, (r, g, b) in colors))
        page.uncheck("#flag--accessibility-overlay")
        self.settle(page)
        self.assertEqual(page.locator(".a11y-overlay").count(), 0)

    def test_clicking_the_label_of_the_component_expands_and_collapses_it(self):
        page = self.open()
        page.fill("#text", LONG_TEXT)
        page.fill("#flag--less", "less")
        self.settle(page)
        component = page.locator("#component")
        self.assertEqual(component.get_attribute("data-shows"), "collapsed")
        collapsed = page.get_attribute("#component-image", "data-file")
        self.assertEqual(collapsed, page.get_attribute('.state[data-state="collapsed"] canvas.still', "data-file"))
        # A click on the text, away from the label, does nothing.
        box = page.locator("#component-image").bounding_box()
        page.mouse.click(box["x"] + 10, box["y"] + 8)
        self.assertEqual(component.get_attribute("data-shows"), "collapsed")
        # The label's button sits over the label frame of the layout facts.
        label = page.evaluate("() => document.querySelector('.state[data-state=\"collapsed\"]').layout.label")
        size = page.evaluate("() => document.querySelector('.state[data-state=\"collapsed\"]').layout.size")
        hit = page.locator("#component-label").bounding_box()
        scale = box["width"] / size["width"]
        self.assertAlmostEqual(hit["x"] - box["x"], label["x"] * scale, delta=1.5)
        self.assertAlmostEqual(hit["width"], label["width"] * scale, delta=1.5)
        page.mouse.click(hit["x"] + hit["width"] / 2, hit["y"] + hit["height"] / 2)
        page.wait_for_function("() => document.getElementById('component').dataset.shows === 'expanded'")
        self.assertEqual(page.get_attribute("#component-image", "data-file"),
                         page.get_attribute('.state[data-state="expanded"] canvas.still', "data-file"))
        self.assertEqual(page.get_attribute("#component-label", "aria-expanded"), "true")
        # The label is a button: the keyboard toggles it too.
        page.focus("#component-label")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('component').dataset.shows === 'collapsed'")
        self.assertEqual(page.get_attribute("#component-image", "data-file"), collapsed)

    def test_the_component_plays_the_animation_between_its_states(self):
        page = self.open()
        self.animated(page)
        page.wait_for_selector('[data-state="collapsing"][data-player="ready"]', timeout=15000)
        page.click("#component-label")
        page.wait_for_function("() => document.getElementById('component').dataset.shows === 'expanded'", timeout=10000)
        played = int(page.get_attribute("#component", "data-frames-played"))
        count = int(page.get_attribute('[data-state="expanding"]', "data-frame-count"))
        self.assertGreater(played, 1)
        self.assertLessEqual(played, count)
        page.click("#component-label")
        page.wait_for_function("() => document.getElementById('component').dataset.shows === 'collapsed'", timeout=10000)
        self.assertGreater(int(page.get_attribute("#component", "data-frames-played")), 1)

    def test_edge_texts_follow_the_settings_and_are_cut_in_every_script(self):
        page = self.open()
        page.fill("#flag--line-limit", "2")
        self.settle(page)
        page.click("#edges-button")
        page.wait_for_function(WAIT_FOR_EDGES, timeout=60000)
        first = page.get_attribute(".edge >> nth=0", "data-title")
        page.select_option("#flag--device", "iPad Pro 13-inch")
        page.fill("#flag--line-limit", "6")
        self.assertIn("stale", page.get_attribute("#edges", "class"))
        page.wait_for_function(WAIT_FOR_EDGES, timeout=60000)
        self.assertNotIn("stale", page.get_attribute("#edges", "class"))
        self.assertNotEqual(page.get_attribute(".edge >> nth=0", "data-title"), first)
        cut = page.eval_on_selector_all(
            ".edge", "edges => edges.map(e => [e.dataset.title, e.querySelector('img[data-state=collapsed]').dataset.truncated])")
        for title, truncated in cut[1:]:
            self.assertEqual(truncated, "yes", title)
        self.assertTrue(all(int(n) == 6 for n in page.eval_on_selector_all(
            ".edge img[data-state=collapsed]", "imgs => imgs.map(i => i.dataset.lines)")[1:]))
        page.click("#edges-button")
        self.assertTrue(page.locator("#edges").is_hidden())
        self.assertEqual(page.get_attribute("#edges-button", "aria-pressed"), "false")

    def test_a_mistyped_font_or_color_suggests_the_nearest_name(self):
        page = self.open()
        page.fill("#flag--font", "headlin")
        hint = page.locator("#flag--font ~ .did-you-mean")
        self.assertEqual(hint.inner_text(), "Did you mean “headline”?")
        hint.click()
        self.settle(page)
        self.assertEqual(page.input_value("#flag--font"), "headline")
        self.assertEqual(page.locator(".did-you-mean").count(), 0)
        self.assertEqual(json.loads(page.text_content("#copy-item"))["font"], "headline")
        page.fill("#flag--color", "rde")
        self.assertEqual(page.locator("#flag--color ~ .did-you-mean").inner_text(), "Did you mean “red”?")
        # A hex color and a Pango description are values too: no suggestion.
        page.fill("#flag--color", "#336699")
        page.fill("#flag--font", "DejaVu Sans Bold 15")
        self.assertEqual(page.locator(".did-you-mean").count(), 0)

    def test_a_link_with_a_mistyped_device_opens_the_nearest_device(self):
        page = self.open(self.workbench.url + "#text=Hello&device=iPhone+16+pr")
        self.assertEqual(page.input_value("#flag--device"), "iPhone 16 Pro")
        self.assertIn("did you mean “iPhone 16 Pro”", page.inner_text("#opened"))

    def test_screenshots_of_the_preview(self):
        """Not a check: the pictures of Documentation/Workbench.md, looked at by a person."""
        page = self.open(width=1400, height=1000)
        page.check("#both-appearances")
        card = self.animated(page)
        page.wait_for_selector('[data-key="dark/expanding"][data-player="ready"]', timeout=15000)
        page.screenshot(path=os.path.join(SCREENSHOTS, "playground-1400.png"))
        card = page.locator('[data-key="light/expanding"]')
        card.locator(".scrub").fill("9")
        card.locator(".speed").select_option("0.25")
        card.screenshot(path=os.path.join(SCREENSHOTS, "playground-player.png"))
        narrow = self.open(width=375, height=1400)
        narrow.fill("#text", LONG_TEXT)
        self.settle(narrow)
        narrow.screenshot(path=os.path.join(SCREENSHOTS, "playground-375.png"))

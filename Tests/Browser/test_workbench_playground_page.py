"""The playground as a page: human labels with the manifest key, settings kept in the address
(a reload keeps them, a link reproduces them), the text area's direction, polite
announcements, a phone-wide layout and reconnecting after a lost connection."""

import json
import os
import shutil
import unittest


from workbench_server import ROOT, SCREENSHOTS, BrowserTestCase, Workbench, binary

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"


class PlaygroundPageTests(BrowserTestCase):
    def open(self, url=None, width=1280, height=900):
        page = self.browser.new_page(viewport={"width": width, "height": height})
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        self.addCleanup(lambda: self.assertEqual(errors, []))
        self.addCleanup(page.close)
        page.goto(url or self.workbench.url)
        page.wait_for_function(WAIT_FOR_RENDER, timeout=15000)
        return page

    def item(self, page):
        return json.loads(page.text_content("#copy-item"))

    def test_each_setting_shows_in_the_section_its_declaration_names(self):
        page = self.open()
        titles = page.eval_on_selector_all("#settings .group h3", "l => l.map(h => h.textContent)")
        self.assertEqual(titles, ["Canvas", "Accessibility", "Text", "Expand label",
                                  "Collapse label", "Animation"])
        section_of = page.evaluate("""flag => {
            const control = document.getElementById("flag" + flag);
            return control && control.closest(".group").querySelector("h3").textContent; }""",
                                   "--legibility-weight")
        self.assertEqual(section_of, "Accessibility")

    def test_closed_sets_are_choices_named_as_ios_names_them_with_the_key_second(self):
        page = self.open()
        label = page.locator('label[for="flag--legibility-weight"]')
        self.assertEqual(label.inner_text().split("\n")[0].strip(), "Bold Text")
        self.assertEqual(label.locator(".key").inner_text(), "legibilityWeight")
        self.assertEqual(page.locator('label[for="flag--color-scheme-contrast"]').inner_text()
                         .split("\n")[0].strip(), "Increase Contrast")
        options = page.eval_on_selector_all("#flag--legibility-weight option", "l => l.map(o => o.textContent)")
        self.assertEqual(options, ["Default", "Off · regular", "On · bold"])
        page.select_option("#flag--legibility-weight", "bold")
        page.select_option("#flag--color-scheme-contrast", "increased")
        page.wait_for_function(WAIT_FOR_RENDER)
        item = self.item(page)
        self.assertEqual((item["legibilityWeight"], item["colorSchemeContrast"]), ("bold", "increased"))
        self.assertTrue(page.locator("#problem").is_hidden())

    def test_settings_survive_a_reload_and_a_link_reproduces_them(self):
        page = self.open()
        page.fill("#text", "שלום and a link: the text survives a reload.")
        page.select_option("#flag--device", "iPhone 16 Pro")
        page.fill("#flag--line-limit", "2")
        page.fill("#width-number", "333")
        page.wait_for_function(WAIT_FOR_RENDER)
        item = self.item(page)
        self.assertIn("device=iPhone+16+Pro", page.url)
        page.reload()
        page.wait_for_function(WAIT_FOR_RENDER, timeout=15000)
        self.assertEqual(page.input_value("#text"), "שלום and a link: the text survives a reload.")
        self.assertEqual(page.input_value("#flag--device"), "iPhone 16 Pro")
        self.assertEqual(page.input_value("#width-number"), "333")
        self.assertEqual(self.item(page), item)
        # The link in another tab renders the same item.
        other = self.open(page.url)
        self.assertEqual(self.item(other), item)
        self.assertEqual(other.input_value("#flag--line-limit"), "2")

    def test_the_text_area_takes_the_direction_of_its_text(self):
        page = self.open()
        self.assertEqual(page.get_attribute("#text", "dir"), "auto")
        page.fill("#text", "שלום עולם, זה טקסט בעברית.")
        self.assertTrue(page.eval_on_selector("#text", "t => t.matches(':dir(rtl)')"))

    def test_typing_that_changes_no_line_count_announces_nothing(self):
        page = self.open()
        # The status line changes with every render, so it is no live region.
        self.assertIsNone(page.get_attribute("#status", "role"))
        self.assertEqual(page.get_attribute("#announce", "role"), "status")
        first = page.inner_text("#announce")
        self.assertIn("collapsed:", first)
        page.evaluate("""() => { window.announcements = 0;
            new MutationObserver(() => window.announcements++).observe(
              document.getElementById('announce'), { childList: true, characterData: true, subtree: true }); }""")
        page.focus("#text")
        page.keyboard.press("Home")
        page.keyboard.type("Yes ")
        page.wait_for_function(WAIT_FOR_RENDER)
        self.assertEqual(page.evaluate("window.announcements"), 0)
        # A change of the line count is said once.
        page.fill("#text", "Short.")
        page.wait_for_function(WAIT_FOR_RENDER)
        self.assertEqual(page.evaluate("window.announcements"), 1)
        self.assertIn("collapsed: 1 line", page.inner_text("#announce"))

    def test_at_360_px_the_preview_column_is_usable(self):
        page = self.open(width=360, height=800)
        self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"), 360)
        stage = page.locator("#states").bounding_box()
        self.assertGreaterEqual(stage["width"], 330)
        image = page.locator('[data-state="collapsed"] canvas.still').bounding_box()
        self.assertGreaterEqual(image["width"], 300)
        self.assertLessEqual(image["x"] + image["width"], 360)
        # The overlay's frames shrink with the image.
        page.check("#overlay")
        label = page.locator('[data-state="collapsed"] .frame.label').bounding_box()
        self.assertLessEqual(label["x"] + label["width"], image["x"] + image["width"] + 0.5)
        page.set_viewport_size({"width": 375, "height": 760})
        page.locator("#states").scroll_into_view_if_needed()
        path = os.path.join(SCREENSHOTS, "playground-375.png")
        page.screenshot(path=path)
        if os.environ.get("WORKBENCH_README_SCREENSHOT"):
            shutil.copy(path, os.path.join(ROOT, "Documentation", "images", "workbench-375.png"))

    def test_a_lost_connection_shows_a_banner_and_reconnects_by_itself(self):
        page = self.open()
        page.fill("#flag--line-limit", "2")
        page.wait_for_function(WAIT_FOR_RENDER)
        item = self.item(page)
        # The connection drops (as when the network or the server goes away for a moment).
        page.evaluate("window.playgroundState.socket.close()")
        banner = page.locator("#offline")
        banner.wait_for(state="visible")
        self.assertIn("reconnecting", banner.inner_text())
        banner.wait_for(state="hidden", timeout=15000)
        page.wait_for_function(WAIT_FOR_RENDER, timeout=15000)
        self.assertEqual(page.input_value("#flag--line-limit"), "2")
        self.assertEqual(self.item(page), item)
        # Edits render again over the new connection.
        page.fill("#text", "Back again.")
        page.wait_for_function(WAIT_FOR_RENDER, timeout=15000)
        self.assertEqual(self.item(page)["text"], "Back again.")

    def test_the_banner_stays_while_the_server_is_away(self):
        workbench = Workbench(binary())
        self.addCleanup(workbench.stop)
        page = self.open(workbench.url)
        workbench.stop()
        banner = page.locator("#offline")
        banner.wait_for(state="visible", timeout=15000)
        self.assertIn("Connection to the workbench lost", banner.inner_text())
        self.assertIn("stale", page.get_attribute("#states", "class"))

    def test_screenshot_of_the_playground_at_1400_px(self):
        page = self.open(width=1400, height=900)
        page.select_option("#flag--device", "iPhone 16 Pro")
        page.fill("#flag--line-limit", "3")
        page.wait_for_function(WAIT_FOR_RENDER)
        path = os.path.join(SCREENSHOTS, "playground-1400.png")
        page.screenshot(path=path, clip={"x": 0, "y": 0, "width": 1400, "height": 640})
        if os.environ.get("WORKBENCH_README_SCREENSHOT"):
            shutil.copy(path, os.path.join(ROOT, "Documentation", "images", "workbench.png"))


if __name__ == "__main__":
    unittest.main()

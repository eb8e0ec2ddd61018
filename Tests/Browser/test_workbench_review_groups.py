"""The review's list as a reviewer uses it: failures grouped by cause and by item, a group
approved at once and undone at once (the selection following the undo), a filter, skip,
right-to-left quotes isolated, a real side by side and each mode's own controls."""

import os
import shutil
import unittest

from test_workbench_review import (ALSO_FAILING, FAILING, SCREENSHOTS, ROOT, ReviewFixture, read,
                                   write_manifest)
from workbench_server import wait_until


class ReviewGroupTests(ReviewFixture):
    def entries(self):
        return self.page.eval_on_selector_all("#list li.entry", "l => l.map(e => e.dataset.path)")

    def groups(self):
        return self.page.eval_on_selector_all("#list li.group", "l => l.map(g => g.dataset.group)")

    def test_an_item_s_images_are_approved_at_once_and_undone_at_once(self):
        self.page.select_option("#group-by", "item")
        self.assertEqual(self.groups(), ["bio"])
        self.assertEqual(self.page.inner_text('[data-group="bio"] .approve-group'), "Approve 2")
        self.page.click('[data-group="bio"] .approve-group')
        self.wait("s => s.approved === 2 && s.failing === 0")
        self.assertTrue(read(self.golden) != self.old, "the golden is unchanged")
        self.assertTrue(read(self.other) != self.other_old, "the golden is unchanged")
        # One undo puts both back, and the selection is on the image it brought back.
        self.page.keyboard.press("u")
        self.wait("s => s.approved === 0 && s.failing === 2")
        self.assertEqual((read(self.golden), read(self.other)), (self.old, self.other_old))
        self.page.wait_for_function(f"() => window.reviewState.selected === {FAILING!r}")
        self.assertEqual(self.page.inner_text("#list li[aria-selected=true] .name"), FAILING)

    def test_undo_selects_the_image_it_brought_back(self):
        self.page.keyboard.press("ArrowRight")
        self.assertEqual(self.page.inner_text("#path"), ALSO_FAILING)
        self.page.keyboard.press("a")
        self.wait("s => s.approved === 1 && s.failing === 1")
        self.assertEqual(self.page.inner_text("#path"), FAILING)
        self.page.click("#undo")
        self.wait("s => s.approved === 0 && s.failing === 2")
        self.page.wait_for_function(f"() => window.reviewState.selected === {ALSO_FAILING!r}")
        self.assertEqual(self.page.inner_text("#path"), ALSO_FAILING)

    def test_groups_by_cause_a_filter_and_skip(self):
        self.assertEqual(self.groups(), ["bio"])  # by item first: the manifest's order
        self.page.select_option("#group-by", "cause")
        causes = self.groups()
        self.assertTrue(causes)
        self.assertNotIn("Pixels differ", causes)  # both are layout changes, said as such
        self.assertEqual(sorted(self.entries()), sorted([FAILING, ALSO_FAILING]))
        self.page.fill("#filter", "expanded")
        self.assertEqual(self.entries(), [ALSO_FAILING])
        self.assertEqual(self.page.inner_text("#path"), ALSO_FAILING)
        # Keys typed in the filter do not act (an `a` there approves nothing).
        self.page.type("#filter", "a")
        self.assertEqual(self.state()["approved"], 0)
        self.page.fill("#filter", "")
        self.page.select_option("#group-by", "none")
        first = self.entries()[0]
        self.page.click(f'#list li.entry[data-path="{first}"]')
        self.page.click("#skip")
        self.assertNotEqual(self.page.inner_text("#path"), first)
        self.assertIn("skipped", self.page.get_attribute(f'#list li.entry[data-path="{first}"]', "class"))
        self.assertEqual(read(self.golden), self.old)

    def test_right_to_left_quotes_are_isolated_in_old_and_new(self):
        write_manifest(self.manifest, "שלום עולם, זה טקסט ארוך בעברית שנחתך אחרי שתי שורות כי הוא ממשיך "
                       "ומספר על המקומות שבהם היה.")
        self.page.click("#rerun")
        self.wait("s => !s.running && !s.stale && s.items.some(i => i.summary.includes('ש'))")
        quotes = self.page.eval_on_selector_all("#summary bdi", "l => l.map(b => b.textContent)")
        self.assertTrue(any("ש" in quote for quote in quotes), quotes)
        # The list is drawn from the same state; a later poll may redraw it, so wait for it.
        self.page.wait_for_function(
            "() => { const l = [...document.querySelectorAll('#list .why bdi')];"
            " return l.length > 0 && l.every(b => getComputedStyle(b).unicodeBidi === 'isolate'); }",
            timeout=15000)
        # No quote mark is left inside a <bdi>: each isolates exactly the quoted text.
        self.assertFalse(any("“" in quote or "”" in quote for quote in quotes))

    def test_side_by_side_is_one_row_and_each_mode_shows_only_its_controls(self):
        # The first state may be drawn before the images are listed: wait for all three.
        self.page.wait_for_function("() => document.querySelectorAll('#compare figure').length === 3")
        wait_until(self.images_loaded)
        tops = self.page.eval_on_selector_all("#compare figure", "l => l.map(f => f.getBoundingClientRect().top)")
        self.assertEqual(len(tops), 3)
        self.assertEqual(len(set(round(top) for top in tops)), 1)
        visible = lambda: tuple(self.page.is_visible(control) for control in ("#swipe", "#opacity", "#flip"))
        self.assertEqual(visible(), (False, False, False))
        self.page.click("[data-mode=swipe]")
        self.assertEqual(visible(), (True, False, False))
        self.assertTrue(self.page.is_visible(".swipe-line"))
        self.page.click("[data-mode=onion]")
        self.assertEqual(visible(), (False, True, False))
        self.assertFalse(self.page.is_visible(".swipe-line"))
        self.page.click("[data-mode=toggle]")
        self.assertEqual(visible(), (False, False, True))
        self.page.click("[data-mode=side]")
        self.page.select_option("#group-by", "cause")
        wait_until(self.images_loaded)
        os.makedirs(SCREENSHOTS, exist_ok=True)
        path = os.path.join(SCREENSHOTS, "review-groups.png")
        self.page.screenshot(path=path, clip={"x": 0, "y": 0, "width": 1280, "height": 520})
        if os.environ.get("WORKBENCH_README_SCREENSHOT"):
            shutil.copyfile(path, os.path.join(ROOT, "Documentation", "images", "workbench-review-groups.png"))


if __name__ == "__main__":
    unittest.main()

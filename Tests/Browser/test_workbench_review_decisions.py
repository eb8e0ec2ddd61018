"""A reviewer's decisions hold on the page: a group's approve leaves out the image just
rejected and says so, undo brings a rejection back with its note after an approve took it, and
a rejection itself is undone with `u`."""

import json
import os
import unittest

from test_workbench_review import ALSO_FAILING, FAILING, ReviewFixture, read


class ReviewDecisionTests(ReviewFixture):
    def rejections(self):
        path = os.path.join(self.artifacts, "review-rejections.json")
        if not os.path.exists(path):
            return {}
        with open(path) as file:
            return {r["path"]: r["note"] for r in json.load(file)["rejections"]}

    def reject_selected(self, note):
        self.page.keyboard.press("r")
        self.page.wait_for_selector("#reject-note", state="visible")
        self.page.fill("#reject-note", note)
        self.page.keyboard.press("Enter")

    def test_a_group_approve_leaves_out_the_rejected_image_and_says_so(self):
        self.page.select_option("#group-by", "item")
        self.assertEqual(self.page.inner_text("#path"), FAILING)
        self.reject_selected("the label covers the last word")
        self.wait(f"s => s.items.find(i => i.path === {FAILING!r}).rejection")
        button = '[data-group="bio"] .approve-group'
        self.assertEqual(self.page.inner_text(button), "Approve 1")
        self.assertIn("1 rejected image left out", self.page.get_attribute(button, "title"))
        self.page.click(button)
        self.wait("s => s.approved === 1")
        self.assertEqual(read(self.golden), self.old)
        self.assertNotEqual(read(self.other), self.other_old)
        self.assertEqual(self.rejections(), {FAILING: "the label covers the last word"})
        notice = self.page.inner_text("#notice")
        self.assertIn("left out 1 rejected image", notice)
        self.assertIn(FAILING, notice)
        self.assertTrue(self.page.is_visible("#notice"))

    def test_undo_brings_back_the_rejection_an_approve_took(self):
        self.reject_selected("the cut moved")
        self.wait(f"s => s.items.find(i => i.path === {FAILING!r}).rejection === 'the cut moved'")
        self.page.click(f'#list li.entry[data-path="{FAILING}"]')
        # Approving the rejected image alone is the reviewer's own decision: allowed.
        self.page.keyboard.press("a")
        self.wait(f"s => s.approved === 1 && !s.items.some(i => i.path === {FAILING!r})")
        self.assertEqual(self.rejections(), {})
        self.page.keyboard.press("u")
        self.wait(f"s => s.approved === 0 && s.items.find(i => i.path === {FAILING!r})?.rejection === 'the cut moved'")
        self.assertEqual(read(self.golden), self.old)
        self.assertEqual(self.rejections(), {FAILING: "the cut moved"})
        self.page.wait_for_function(f"() => window.reviewState.selected === {FAILING!r}")
        self.assertEqual(self.page.inner_text("#rejection-text"), "Rejected by reviewer: the cut moved")

    def test_u_undoes_a_rejection(self):
        self.reject_selected("not this one")
        self.wait(f"s => s.items.find(i => i.path === {FAILING!r}).rejection === 'not this one'")
        self.assertIn("rejection", self.page.get_attribute("#undo", "title"))
        self.page.keyboard.press("u")
        self.wait(f"s => s.items.find(i => i.path === {FAILING!r}).rejection == null")
        self.assertEqual(self.rejections(), {})
        self.assertEqual(read(self.golden), self.old)
        self.page.wait_for_function(f"() => window.reviewState.selected === {FAILING!r}")
        self.assertTrue(self.page.is_disabled("#undo"))


if __name__ == "__main__":
    unittest.main()

"""The review of failing goldens (`serve MANIFEST --snapshots DIR`): a planted failing golden is
listed, compared four ways, approved with `a` (the golden on disk becomes the actual image) and
undone with `u` (the old bytes come back); a golden the current verify run did not list as
failing is refused by the server."""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

from playwright.sync_api import sync_playwright

from test_workbench_security import request
from workbench_server import Workbench, binary, wait_until

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, ".build", "workbench-screenshots")
FAILING = "bio/collapsed@2x.png"
ALSO_FAILING = "bio/expanded@2x.png"
PASSING = "same/collapsed@2x.png"


def write_manifest(path, bio):
    with open(path, "w") as file:
        json.dump({
            "defaults": {"width": 300, "scale": 2, "lineLimit": 2},
            "items": [
                {"name": "bio", "text": bio, "states": "both"},
                {"name": "same", "text": "This one still matches its golden.", "states": "collapsed"},
            ]}, file)


def read(path):
    with open(path, "rb") as file:
        return file.read()


class ReviewFixture(unittest.TestCase):
    """A review of a planted failure: `bio`'s two images fail, `same` passes."""

    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="workbench-review-")
        self.manifest = os.path.join(self.folder, "manifest.json")
        self.snapshots = os.path.join(self.folder, "snapshots")
        write_manifest(self.manifest, "A bio that is cut after two lines, because it goes on about "
                       "the places it has been and the things it has made.")
        subprocess.run([binary(), "verify", self.manifest, "--snapshots", self.snapshots,
                        "--record", "missing", "--artifacts", os.path.join(self.folder, "artifacts"),
                        "--quiet"], check=False, capture_output=True, timeout=60)
        self.golden = os.path.join(self.snapshots, FAILING)
        self.old = read(self.golden)
        self.other = os.path.join(self.snapshots, ALSO_FAILING)
        self.other_old = read(self.other)
        # The planted failure: the text changed since the golden was recorded.
        write_manifest(self.manifest, "A bio that was rewritten since its golden was recorded, "
                       "so the review lists it as failing.")
        self.artifacts = os.path.join(self.folder, "artifacts")
        self.workbench = Workbench(binary(), self.manifest, "--snapshots", self.snapshots,
                                   "--artifacts", self.artifacts)
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 640})
        self.page.goto(self.workbench.url.replace("/?", "/review?"))
        self.wait("s => !s.running && s.checked === 3")

    def tearDown(self):
        self.browser.close()
        self.playwright.stop()
        self.workbench.stop()
        shutil.rmtree(self.folder)

    def wait(self, predicate):
        self.page.wait_for_function(
            f"() => {{ const s = window.reviewState.last; return s && ({predicate})(s); }}", timeout=20000)

    def state(self):
        return self.page.evaluate("window.reviewState.last")

    def images_loaded(self):
        return self.page.evaluate(
            "() => [...document.querySelectorAll('#compare img')].every(i => i.complete && i.naturalWidth > 0)")



class ReviewTests(ReviewFixture):
    def test_a_failing_golden_is_compared_four_ways_approved_and_undone(self):
        state = self.state()
        self.assertEqual([item["path"] for item in state["items"]], [FAILING, ALSO_FAILING])
        self.assertEqual(state["failing"], 2)
        self.assertEqual(self.page.inner_text("#list li[aria-selected=true] .name"), FAILING)
        self.page.keyboard.press("ArrowRight")
        self.assertEqual(self.page.inner_text("#path"), ALSO_FAILING)
        self.page.keyboard.press("ArrowLeft")
        self.assertEqual(self.page.inner_text("#path"), FAILING)
        actual = bytes(self.page.evaluate(
            """() => fetch(document.querySelector('#compare img[data-kind="actual"]').src)
                 .then(r => r.arrayBuffer()).then(b => Array.from(new Uint8Array(b)))"""))
        self.assertNotEqual(actual, self.old)

        kinds = lambda: self.page.eval_on_selector_all("#compare img", "l => l.map(i => i.dataset.kind)")
        self.assertEqual(kinds(), ["expected", "actual", "difference"])
        wait_until(self.images_loaded)
        self.page.click("[data-mode=swipe]")
        self.page.fill("#swipe", "30")
        self.assertEqual(self.page.eval_on_selector(".stack .layer", "l => l.style.clipPath"),
                         "inset(0px 0px 0px 30%)")
        wait_until(self.images_loaded)
        os.makedirs(SCREENSHOTS, exist_ok=True)
        path = os.path.join(SCREENSHOTS, "review.png")
        self.page.screenshot(path=path, clip={"x": 0, "y": 0, "width": 1280, "height": 420})
        if os.environ.get("WORKBENCH_README_SCREENSHOT"):
            shutil.copyfile(path, os.path.join(ROOT, "Documentation", "images", "workbench-review.png"))
        self.page.click("[data-mode=onion]")
        self.page.fill("#opacity", "25")
        self.assertEqual(self.page.eval_on_selector(".stack .layer", "l => l.style.opacity"), "0.25")
        self.page.click("[data-mode=toggle]")
        self.assertEqual(kinds(), ["actual", "difference"])
        self.page.click("#flip")
        self.assertEqual(kinds(), ["expected", "difference"])
        self.page.click("[data-mode=side]")
        self.assertEqual(kinds(), ["expected", "actual", "difference"])

        self.page.keyboard.press("a")
        self.wait("s => s.approved === 1 && s.failing === 1")
        self.assertEqual(read(self.golden), actual)
        # Only the approved image was recorded; the item's other failing image stays listed.
        self.assertEqual(read(self.other), self.other_old)
        self.assertEqual([item["path"] for item in self.state()["items"]], [ALSO_FAILING])
        self.assertIn("1 failing of 3 checked · 1 approved", self.page.inner_text("#status"))

        self.page.keyboard.press("u")
        self.wait("s => s.approved === 0 && s.failing === 2")
        self.assertEqual(read(self.golden), self.old)
        self.assertEqual(self.page.inner_text("#list li .name"), FAILING)

    def test_approving_from_a_run_older_than_the_manifest_is_refused_until_verify_runs_again(self):
        wait_until(self.images_loaded)
        self.assertTrue(self.page.is_hidden("#stale"))
        write_manifest(self.manifest, "A bio edited on disk after the run, which the review "
                       "has not rendered.")
        # At once, before the page can know: the server refuses by itself.
        self.page.click("#approve")
        self.page.wait_for_function("() => window.reviewState.error !== null", timeout=20000)
        self.assertIn("re-run verify", self.page.inner_text("#problem"))
        self.assertEqual(read(self.golden), self.old)
        # The page learns from the server's file monitors: a banner, approve disabled.
        self.page.wait_for_selector("#stale", state="visible", timeout=20000)
        self.assertEqual(self.page.inner_text("#stale-text"),
                         "The manifest changed since this run — re-run verify")
        self.assertTrue(self.page.is_disabled("#approve"))
        self.page.keyboard.press("a")
        self.assertEqual(read(self.golden), self.old)
        # Running verify again clears it; the approve then writes the new text's image.
        self.page.click("#stale-rerun")
        self.wait("s => !s.running && !s.stale && s.checked === 3")
        self.assertTrue(self.page.is_hidden("#stale"))
        self.assertTrue(self.page.is_enabled("#approve"))
        self.page.click("#approve")
        self.wait("s => s.approved === 1")
        self.assertTrue(read(self.golden) != self.old, "the golden is unchanged")

    def test_a_golden_changed_on_disk_since_the_run_makes_it_stale(self):
        shutil.copyfile(self.golden, self.other)
        self.page.wait_for_selector("#stale", state="visible", timeout=20000)
        self.assertEqual(self.page.inner_text("#stale-text"),
                         f"The golden {ALSO_FAILING} changed since this run — re-run verify")
        self.assertTrue(self.page.is_disabled("#approve"))
        self.assertEqual(read(self.golden), self.old)

    def test_a_golden_the_run_did_not_list_as_failing_is_refused(self):
        # The run listed it as passing: nothing to approve, even though the request names it.
        passing = os.path.join(self.snapshots, PASSING)
        planted = read(passing)
        # The page's approve resolves once the server has answered.
        self.page.evaluate(f"window.reviewAPI.approve({json.dumps(PASSING)})")
        self.assertEqual(read(passing), planted)
        self.assertIn(f"{PASSING} is not among the images the current verify run lists as failing",
                      self.page.inner_text("#problem"))
        # Over raw HTTP: the same answer with the token; the gate's 403 without this page's Origin.
        headers = {"Origin": self.workbench.origin}
        url = f"/review/approve?token={self.workbench.token}"
        status, _, body = request(self.workbench, "POST", url, headers, PASSING.encode())
        self.assertEqual((status, b"not among" in body), (409, True))
        status, _, _ = request(self.workbench, "POST", url, {"Origin": "http://evil.example"},
                               FAILING.encode())
        self.assertEqual(status, 403)
        # It fails now (changed on disk after the run): the run is stale, still nothing written.
        shutil.copyfile(self.golden, passing)
        planted = read(passing)
        status, _, body = request(self.workbench, "POST", url, headers, PASSING.encode())
        self.assertEqual((status, b"re-run verify" in body), (409, True))
        self.assertEqual(read(passing), planted)
        self.assertEqual(read(self.golden), self.old)

if __name__ == "__main__":
    unittest.main()

"""The playground's pictures travel as bytes: each answer with images is one binary WebSocket
message (a 4-byte big-endian header length, the JSON header, then the files it names by offset
and length): the states' stills as pixel runs drawn on canvases, the overlays and edge texts shown through
object URLs that are revoked when replaced; no image is a base64 `data:` URL. And the page
measures each edit's time to drawn pixels ("edit-to-pixels")."""

import unittest

from workbench_server import PlaygroundFramesTestCase, binary_answer, canvas_pixels, part, shown_bytes, still_after

WAIT_FOR_RENDER = "() => { const s = window.playgroundState; return s && s.seq > 0 && s.shown === s.seq; }"
WAIT_FOR_EDGES = "() => { const s = window.playgroundState; return s.edgesSeq && s.edgesShown === s.edgesSeq; }"
# The start of any PNG as base64: no text message may carry a picture.
PNG_AS_BASE64 = "iVBORw0KGgo"


class PlaygroundBinaryTests(PlaygroundFramesTestCase):
    def sources(self):
        return self.page.eval_on_selector_all("main img", "l => l.map(i => i.getAttribute('src') || '')")

    def test_pictures_arrive_as_binary_frames_and_show_through_object_urls(self):
        self.page.check("#flag--accessibility-overlay")
        self.page.fill("#text", "Bytes, not base64: " + "every picture travels as it was encoded. " * 6)
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        self.page.click("#edges-button")
        self.page.wait_for_function(WAIT_FOR_EDGES, timeout=60000)
        texts = [frame for frame in self.frames if isinstance(frame, str)]
        binaries = [binary_answer(frame) for frame in self.frames if isinstance(frame, bytes)]
        kinds = {header["type"] for header, _ in binaries}
        self.assertTrue({"render", "edges"} <= kinds, kinds)
        self.assertFalse([text[:80] for text in texts if PNG_AS_BASE64 in text])
        # Every other picture on the page (overlays, edge texts) is an object URL.
        sources = self.sources()
        self.assertGreater(len(sources), 6)
        self.assertEqual([source for source in sources if not source.startswith("blob:")], [])
        # And shows the very bytes of the latest answer.
        shown = self.page.evaluate("window.playgroundState.shown")
        header, payload = next(answer for answer in binaries
                               if answer[0]["type"] == "render" and answer[0]["seq"] == shown)
        for rendered in header["states"]:
            card = f'.state[data-state="{rendered["state"]}"]'
            # A still comes as its pixel runs (no PNG for the live preview), drawn as they are.
            self.assertNotIn("png", rendered)
            self.assertEqual(canvas_pixels(self.page, f"{card} canvas.still"),
                             still_after(self.frames, shown, rendered["state"]))
            if rendered.get("overlay"):
                self.assertEqual(shown_bytes(self.page, f"{card} .a11y-overlay img"),
                                 part(payload, rendered["overlay"]))

    def test_a_replaced_picture_s_object_url_is_revoked(self):
        self.page.check("#flag--accessibility-overlay")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        overlay = '[data-state="collapsed"] .a11y-overlay img'
        old = self.page.get_attribute(overlay, "src")
        self.assertTrue(old.startswith("blob:"), old[:40])
        self.page.fill("#text", "A new text replaces the picture, and the old URL goes.")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        new = self.page.get_attribute(overlay, "src")
        self.assertNotEqual(new, old)
        loads = """async (url) => { const img = new Image(); img.src = url;
          try { await img.decode(); return "loaded"; } catch { return "gone"; } }"""
        self.assertEqual(self.page.evaluate(loads, new), "loaded")
        self.assertEqual(self.page.evaluate(loads, old), "gone")

    def test_each_edit_s_time_to_decoded_pixels_is_a_performance_measure(self):
        self.page.fill("#text", "Measured from the edit sent to its pixels decoded.")
        self.page.wait_for_function(WAIT_FOR_RENDER, timeout=30000)
        seq = self.page.evaluate("window.playgroundState.shown")
        measure = """(seq) => performance.getEntriesByName('edit-to-pixels')
          .filter(e => e.detail && e.detail.seq === seq).map(e => [e.entryType, e.startTime, e.duration])"""
        self.page.wait_for_function(f"() => ({measure})({seq}).length > 0", timeout=10000)
        entries = self.page.evaluate(measure, seq)
        self.assertEqual(len(entries), 1)
        kind, start, duration = entries[0]
        self.assertEqual(kind, "measure")
        self.assertGreater(duration, 0)
        # It starts at the edit's mark, which is cleared once measured (no marks pile up).
        self.assertEqual(self.page.evaluate("performance.getEntriesByType('mark').filter(m => m.name.startsWith('edit-sent-')).length"), 0)
        self.assertIn("on screen", self.page.inner_text("#status"))


if __name__ == "__main__":
    unittest.main()

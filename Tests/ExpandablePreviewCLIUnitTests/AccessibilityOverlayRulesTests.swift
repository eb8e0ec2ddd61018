import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewEngine

/// The accessibility overlay is a still's companion PNG. Asked for where no still PNG is
/// written (an animation, a manifest item without PNG), it is refused naming the flag or the
/// item and key, instead of being left out without a word.
@Suite struct AccessibilityOverlayRulesTests {
  private func manifestErrors(_ json: String) -> [String] {
    do {
      _ = try ManifestDecoder.decode(ManifestSource(path: "m.json", bytes: Array(json.utf8)))
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  private func renderTextError(_ arguments: [String]) -> String? {
    var reader = ArgumentReader(["--text", "Some text", "--out", "a.png"] + arguments)
    do {
      _ = try RenderTextCommand(arguments: &reader)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theFlagWithAnAnimationIsRefusedNamingIt() throws {
    let implicit = try #require(
      renderTextError(["--animate", "easeOut", "--accessibility-overlay"]))
    // The manifest's rule and words, with the flags' names.
    let words =
      "--accessibility-overlay: the overlay shows a still's accessibility elements, but "
      + "render --text renders only animations (expanding); add --state collapsed or --state "
      + "expanded, or leave out --accessibility-overlay"
    #expect(implicit.contains(words), "\(implicit)")
    let explicit = try #require(
      renderTextError([
        "--animate", "easeOut", "--state", "expanding", "--accessibility-overlay",
      ]))
    #expect(explicit.contains(words), "\(explicit)")
    let vector = try #require(renderTextError(["--format", "svg", "--accessibility-overlay"]))
    #expect(
      vector.contains(
        "--accessibility-overlay: the overlay is a PNG written beside the still's PNG, but "
          + "--format has no png (svg); add --format png"), "\(vector)")
  }

  @Test func theFlagWithAStillOfAnAnimatedComponentIsAccepted() {
    for state in ["collapsed", "expanded"] {
      let error = renderTextError([
        "--animate", "easeOut", "--state", state, "--accessibility-overlay",
      ])
      #expect(error == nil, "\(state): \(error ?? "")")
    }
  }

  @Test func anItemRenderingOnlyAnimationsIsRefusedNamingItemAndKey() {
    let found = manifestErrors(
      #"{"items": [{"name": "bio", "text": "x", "animation": "easeOut", "states": ["expanding"], "accessibilityOverlay": true}]}"#
    )
    #expect(found.count == 1, "\(found)")
    #expect(
      found.first?.contains(
        "item 'bio', key 'accessibilityOverlay': the overlay shows a still's accessibility "
          + "elements, but the item renders only animations (expanding)") == true,
      "\(found)")
    // Set in `defaults`, it names the item that cannot have it.
    let inherited = manifestErrors(
      #"{"defaults": {"accessibilityOverlay": true}, "items": [{"name": "a", "text": "x"}, {"name": "b", "text": "x", "animation": "easeOut", "states": ["expanding"]}]}"#
    )
    #expect(inherited.count == 1, "\(inherited)")
    #expect(inherited.first?.contains("item 'b', key 'accessibilityOverlay'") == true)
  }

  @Test func anItemWithoutPNGIsRefusedNamingItemAndKey() {
    let found = manifestErrors(
      #"{"items": [{"name": "card", "text": "x", "formats": ["svg"], "accessibilityOverlay": true}]}"#
    )
    #expect(found.count == 1, "\(found)")
    #expect(
      found.first?.contains("item 'card', key 'accessibilityOverlay'") == true
        && found.first?.contains("'formats' has no png (svg)") == true, "\(found)")
  }

  @Test func anItemWithStillsAndAnAnimationKeepsItsOverlays() throws {
    let manifest = try ManifestDecoder.decode(
      ManifestSource(
        path: "m.json",
        bytes: Array(
          #"{"items": [{"name": "bio", "text": "x", "animation": "easeOut", "accessibilityOverlay": true}]}"#
            .utf8)))
    let jobs = RenderJob.jobs(for: manifest.items[0], itemIndex: 0)
    let overlays = jobs.map { ($0.state, $0.overlayFile) }
    #expect(
      overlays.map(\.1) == [
        "collapsed-accessibility@2x.png", "expanded-accessibility@2x.png", nil, nil,
      ], "\(overlays)")
  }
}

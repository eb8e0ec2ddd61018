import ExpandablePreview
import ExpandablePreviewTesting
import Foundation
import TestSupport
import Testing

/// The repository's Snapshots/ folder, which holds the project's own goldens.
let repositorySnapshots = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Snapshots")

/// The two reference designs, collapsed and expanded, light and dark, against the goldens in
/// the top-level Snapshots/ folder. Missing goldens are recorded by default (never on CI); see
/// Documentation/GoldenTesting.md.
@Suite(.snapshots(directory: repositorySnapshots))
struct ReferenceGoldenTests {
  static let japanese = ExpandableText(text: TestTexts.japanese)
    .lineLimit(3)
    .truncationStyle(.ellipsis)
    .expandButton(TextSet(text: "More", color: .blue))

  /// The fade reference with its declared defaults: "more" and "collapse" in callout, blue.
  static let developer = ExpandableText(text: TestTexts.developer)
    .lineLimit(3)

  /// Name, component, padding and language; Tests/Fixtures/reference-designs.json is the same
  /// as a manifest, which LocaleIndependenceTests renders under several locales.
  static let cases:
    [(name: String, component: ExpandableText, padding: EdgeInsets, language: String)] = [
      ("reference-japanese-ellipsis", japanese, EdgeInsets(horizontal: 16), "ja"),
      ("reference-developer-fade", developer, EdgeInsets(horizontal: 24), "en"),
    ]

  @Test(arguments: 0..<2, Appearance.allCases)
  func referenceDesign(index: Int, appearance: Appearance) {
    let (name, component, padding, language) = Self.cases[index]
    for state in ExpansionState.allCases {
      let options = RenderOptions(
        width: 375, scale: 2, appearance: appearance, padding: padding, state: state,
        language: language)
      assertSnapshot(
        of: component, options: options,
        named: "\(name)/\(state.rawValue)-\(appearance.rawValue)@2x")
    }
  }
}

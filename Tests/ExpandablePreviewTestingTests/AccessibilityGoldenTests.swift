import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewTesting
import Foundation
import TestSupport
import Testing

/// Bold Text × Increase Contrast × light and dark for one fade and one ellipsis component, and
/// the accessibility overlay of each style, against the goldens in the top-level Snapshots/.
@Suite(.snapshots(directory: repositorySnapshots))
struct AccessibilityGoldenTests {
  static let cases: [(name: String, component: ExpandableText)] = [
    ("accessibility-fade", ExpandableText(text: TestTexts.developer).lineLimit(3)),
    (
      "accessibility-ellipsis",
      ExpandableText(text: TestTexts.developer).lineLimit(3).truncationStyle(.ellipsis)
    ),
  ]

  static func options(_ appearance: Appearance = .light, state: ExpansionState = .collapsed)
    -> RenderOptions
  {
    RenderOptions(
      width: 375, scale: 2, appearance: appearance, padding: EdgeInsets(horizontal: 24),
      state: state)
  }

  @Test(arguments: 0..<2, LegibilityWeight.allCases)
  func accessibilitySettings(index: Int, weight: LegibilityWeight) {
    let (name, component) = Self.cases[index]
    for contrast in ColorSchemeContrast.allCases {
      for appearance in Appearance.allCases {
        var options = Self.options(appearance)
        options.legibilityWeight = weight
        options.colorSchemeContrast = contrast
        let variant = "\(weight.rawValue)-\(contrast.rawValue)-\(appearance.rawValue)"
        assertSnapshot(of: component, options: options, named: "\(name)/collapsed-\(variant)@2x")
      }
    }
  }

  /// The overlays go through the golden store (the same comparison and record modes as
  /// `assertSnapshot`), since they are images of their own rather than a component's render.
  @Test(arguments: 0..<2, ExpansionState.allCases)
  func accessibilityOverlay(index: Int, state: ExpansionState) throws {
    let (name, component) = Self.cases[index]
    let overlay = try Renderer().renderAccessibilityOverlay(
      component, options: Self.options(state: state))
    let store = GoldenStore(directory: repositorySnapshots, recordMode: try RecordMode.resolve())
    let path = "\(name)/overlay-\(state.rawValue)@2x.png"
    let comparison = try store.check(overlay.image!, at: path)
    let recorded = comparison.recorded ? " (recorded; run again to compare)" : ""
    #expect(
      comparison.passed,
      "\(path): \(comparison.status) \(comparison.diff?.result.summary ?? "")\(recorded)")
  }
}

import ExpandablePreviewEngine

/// The playground's sections, in the order the page shows them: the canvas first (what a
/// designer changes most), then the iOS accessibility settings, the text's settings, each label
/// and the animation. The raw value is the section's title. The settings table knows no page:
/// the workbench places its settings here, by manifest key.
enum PlaygroundSection: String, CaseIterable, Sendable, Encodable {
  case canvas = "Canvas"
  case accessibility = "Accessibility"
  case text = "Text"
  case expandLabel = "Expand label"
  case collapseLabel = "Collapse label"
  case animation = "Animation"

  /// The settings each section shows, by manifest key; a setting named nowhere (a new one)
  /// stands in ``text``.
  static let keys: [PlaygroundSection: Set<String>] = [
    .canvas: ["device", "width", "appearance", "scale", "padding", "background"],
    .accessibility: [
      "dynamicType", "legibilityWeight", "colorSchemeContrast", "accessibilityReduceMotion",
      "accessibilityOverlay",
    ],
    .expandLabel: ["expandButton"],
    .collapseLabel: ["collapseButton"],
    .animation: ["animation"],
  ]

  /// The section that shows the setting whose manifest key is `key`.
  init(showing key: String) {
    self = Self.allCases.first { Self.keys[$0]?.contains(key) == true } ?? .text
  }
}

import ExpandablePreview
import ExpandablePreviewGolden

/// The manifest's `expandButton` / `collapseButton` object; every field is optional so an item
/// can override single fields of the defaults' label.
struct LabelSettings: Sendable {
  var text: String?
  /// `null` means "the component's font".
  var font: Nullable<Font>?
  var color: Color?
  /// Collapse button only.
  var placement: CollapsePlacement?
  /// Where the object starts, for "needs text" errors after merging.
  var offset: Int?

  static let expandKeys = ["text", "font", "color"]
  static let collapseKeys = ["text", "font", "color", "placement"]

  /// These settings with every field `other` sets replaced.
  func overridden(by other: LabelSettings) -> LabelSettings {
    LabelSettings(
      text: other.text ?? text, font: other.font ?? font, color: other.color ?? color,
      placement: other.placement ?? placement, offset: other.offset ?? offset)
  }

  /// The library value, starting from `base` for fields the manifest leaves out.
  func textSet(over base: TextSet) -> TextSet {
    var label = base
    if let text { label.text = text }
    if let font { label.font = font.wrapped }
    if let color { label.color = color }
    return label
  }
}

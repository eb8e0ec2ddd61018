import ExpandablePreview

extension ComponentSettings {
  /// The library's defaults, which the table's defaults are written from.
  static let libraryComponent = ExpandableText(text: "")
  static let libraryOptions = RenderOptions()

  /// Every setting, in the order `--help`, the playground and the reference list them, and
  /// the order they apply in (the style before the collapse label, the device before the
  /// width). Each group's declarations stand in a file of their own.
  package static let table: [Setting] =
    textSettings + labelSettings + canvasSettings + motionSettings
}

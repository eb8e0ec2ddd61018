import ExpandablePreview

/// Every component and render option a manifest can set in `defaults` or an item, and that
/// `render --text` sets from flags. All fields are optional: an item overrides what it sets,
/// the library's defaults fill the rest. Each field is declared once more, in ``table``,
/// which every list of settings comes from.
package struct ComponentSettings: Sendable {
  var font: Font?
  var color: Color?
  var lineLimit: Int?
  var lineSpacing: Double?
  var style: TruncationStyle?
  var ellipsis: String?
  var cutsAtWordBoundaries: Bool?
  var direction: TextDirection?
  var markdown: Bool?
  var tint: Color?
  /// The files `render` writes; not part of the component, read by the manifest decoder.
  package var formats: [OutputFormat]?
  var language: String?
  var expandButton: LabelSettings?
  var collapseButton: Nullable<LabelSettings>?
  var device: Device?
  var width: Double?
  var scale: Int?
  var appearance: Appearance?
  var dynamicType: DynamicTypeSize?
  var legibilityWeight: LegibilityWeight?
  var colorSchemeContrast: ColorSchemeContrast?
  var reduceMotion: Bool?
  /// Whether `render` also writes the accessibility overlay of each still; read by the
  /// manifest decoder and `render --text`, not part of the component.
  package var accessibilityOverlay: Bool?
  var padding: EdgeInsets?
  var background: Nullable<Color>?
  package var animation: Nullable<AnimationSettings>?
  package var states: [OutputState]?

  /// The keys `defaults` and items accept for these settings.
  static let keys = table.map(\.key)

  /// Reads the settings keys of `object` (an item or `defaults`), checking types and ranges.
  init(reading object: ObjectReader) throws(ManifestError) {
    for setting in Self.table { try setting.read(object, &self) }
  }

  init() {}

  /// These settings with every field `other` sets replaced; labels merge field by field.
  func overridden(by other: ComponentSettings) -> ComponentSettings {
    var merged = other
    for setting in Self.table { setting.merge(&merged, self) }
    return merged
  }

  /// The library component for `text`; unset fields keep ``ExpandableText``'s defaults.
  package func component(text: String) -> ExpandableText {
    applied(text: text).component
  }

  /// The render options before a variant and a state are applied.
  package var renderOptions: RenderOptions { applied(text: "").options }

  /// The component for `text` and the render options, the table applied once (the options
  /// depend on no text).
  func applied(text: String) -> (component: ExpandableText, options: RenderOptions) {
    var component = ExpandableText(text: text)
    var options = RenderOptions()
    for setting in Self.table { setting.apply(self, &component, &options) }
    return (component, options)
  }
}

import ExpandablePreview
import ExpandablePreviewGolden

/// Every component and render option a manifest can set in `defaults` or an item. All fields
/// are optional: an item overrides what it sets, the library's defaults fill the rest.
struct ComponentSettings: Sendable {
  var font: Font?
  var color: Color?
  var lineLimit: Int?
  var lineSpacing: Double?
  var style: TruncationStyle?
  var ellipsis: String?
  var cutsAtWordBoundaries: Bool?
  var direction: TextDirection?
  var expandButton: LabelSettings?
  var collapseButton: Nullable<LabelSettings>?
  var width: Double?
  var scale: Int?
  var appearance: Appearance?
  var dynamicType: DynamicTypeSize?
  var padding: EdgeInsets?
  var background: Nullable<Color>?
  var states: [ExpansionState]?

  /// The keys `defaults` and items accept for these settings.
  static let keys = [
    "font", "color", "lineLimit", "lineSpacing", "style", "ellipsis", "cutsAtWordBoundaries",
    "direction", "expandButton", "collapseButton", "width", "scale", "appearance", "dynamicType",
    "padding", "background", "states",
  ]

  /// These settings with every field `other` sets replaced; labels merge field by field.
  func overridden(by other: ComponentSettings) -> ComponentSettings {
    var merged = other
    merged.font = other.font ?? font
    merged.color = other.color ?? color
    merged.lineLimit = other.lineLimit ?? lineLimit
    merged.lineSpacing = other.lineSpacing ?? lineSpacing
    merged.style = other.style ?? style
    merged.ellipsis = other.ellipsis ?? ellipsis
    merged.cutsAtWordBoundaries = other.cutsAtWordBoundaries ?? cutsAtWordBoundaries
    merged.direction = other.direction ?? direction
    merged.width = other.width ?? width
    merged.scale = other.scale ?? scale
    merged.appearance = other.appearance ?? appearance
    merged.dynamicType = other.dynamicType ?? dynamicType
    merged.padding = other.padding ?? padding
    merged.background = other.background ?? background
    merged.states = other.states ?? states
    switch (expandButton, other.expandButton) {
    case (let base?, let override?): merged.expandButton = base.overridden(by: override)
    case (let base, let override): merged.expandButton = override ?? base
    }
    switch (collapseButton, other.collapseButton) {
    case (.value(let base)?, .value(let override)?):
      merged.collapseButton = .value(base.overridden(by: override))
    case (let base, let override): merged.collapseButton = override ?? base
    }
    return merged
  }

  /// The library component for `text`; unset fields keep ``ExpandableText``'s defaults.
  /// A collapse button gets the expand button's default font and color unless it sets its own.
  func component(text: String) -> ExpandableText {
    var component = ExpandableText(text: text)
    if let font { component.font = font }
    if let color { component.foregroundColor = color }
    if let lineLimit { component.lineLimit = lineLimit }
    if let lineSpacing { component.lineSpacing = lineSpacing }
    if let style { component.truncationStyle = style }
    if let ellipsis { component.ellipsis = ellipsis }
    if let cutsAtWordBoundaries { component.cutsAtWordBoundaries = cutsAtWordBoundaries }
    if let direction { component.direction = direction }
    let defaultLabel = component.expandButton
    if let expandButton { component.expandButton = expandButton.textSet(over: defaultLabel) }
    if let collapse = collapseButton?.wrapped {
      component.collapseButton = collapse.textSet(over: defaultLabel)
      component.collapsePlacement = collapse.placement ?? .lastLine
    }
    return component
  }

  /// The render options before a variant and a state are applied.
  var renderOptions: RenderOptions {
    var options = RenderOptions()
    if let width { options.width = width }
    if let scale { options.scale = scale }
    if let appearance { options.appearance = appearance }
    if let dynamicType { options.dynamicType = dynamicType }
    if let padding { options.padding = padding }
    if let background { options.background = background.wrapped }
    return options
  }
}

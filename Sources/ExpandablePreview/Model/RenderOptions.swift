/// Which state of the component to render.
public enum ExpansionState: String, Sendable, Hashable, CaseIterable, Codable {
  /// Clamped to the line limit, with the expand label when the text is longer.
  case collapsed
  /// The whole text, with the collapse label if one is set.
  case expanded
}

/// Everything about a render that is not the component itself.
public struct RenderOptions: Sendable, Hashable {
  /// The image's width in points; the text wraps inside the horizontal padding.
  public var width: Double
  /// Pixels per point: 1, 2 or 3 as on iOS devices (4 is allowed for print mockups).
  public var scale: Int
  /// Light or dark; system colors resolve for it.
  public var appearance: Appearance
  /// The Dynamic Type size that scales text styles.
  public var dynamicType: DynamicTypeSize
  /// Space between the image's edges and the text.
  public var padding: EdgeInsets
  /// The fill behind the text; `nil` uses the appearance's system background (opaque).
  public var background: Color?
  /// Which state to render.
  public var state: ExpansionState
  /// Frames per second of an animation
  /// (``Renderer/renderAnimation(_:options:direction:keepingFrames:eachFrame:)``).
  public var framesPerSecond: Int
  /// The text's language as a BCP 47 tag (`en`, `ja`, `zh-Hans`, `zh-Hant`, `ko`, `ar`, …):
  /// it decides shaping and which forms Han characters take, as on iOS. Never read from the
  /// locale; ``defaultLanguage`` when not given.
  public var language: String
  /// The Bold Text setting: ``LegibilityWeight/bold`` draws text styles one weight heavier.
  public var legibilityWeight: LegibilityWeight = .regular
  /// The Increase Contrast setting: ``ColorSchemeContrast/increased`` gives system colors their
  /// accessible values.
  public var colorSchemeContrast: ColorSchemeContrast = .standard
  /// The Reduce Motion setting: an ``ExpandableText/expandAnimation`` renders as a dissolve
  /// between the two stills instead of the height animation, as iOS replaces size and position
  /// changes with a cross-fade.
  public var accessibilityReduceMotion = false

  /// English, as on an iOS device set to English: Han characters take Simplified Chinese forms.
  public static let defaultLanguage = LanguageTag.defaultTag

  /// Whether `tag` is a well-formed BCP 47 language tag, as ``language`` must be.
  public static func isWellFormedLanguage(_ tag: String) -> Bool {
    LanguageTag.isWellFormed(tag)
  }

  /// Options with iOS defaults: 375 points wide at 2×, light, Dynamic Type large, collapsed.
  public init(
    width: Double = 375, scale: Int = 2, appearance: Appearance = .light,
    dynamicType: DynamicTypeSize = .large, padding: EdgeInsets = .zero,
    background: Color? = nil, state: ExpansionState = .collapsed, framesPerSecond: Int = 60,
    language: String = RenderOptions.defaultLanguage
  ) {
    self.language = language
    self.width = width
    self.scale = scale
    self.appearance = appearance
    self.dynamicType = dynamicType
    self.padding = padding
    self.background = background
    self.state = state
    self.framesPerSecond = framesPerSecond
  }

  /// The width the text wraps in, never negative.
  var contentWidth: Double { max(0, width - padding.leading - padding.trailing) }
}

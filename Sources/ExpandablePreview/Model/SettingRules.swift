/// The rule book: every range and cross-field rule of a component and its render options,
/// written once. The renderer checks them all before a render (``validate(_:_:)``); the CLI's
/// manifest reader and flags check each value with the same rule as it is read, so that the
/// position of a mistake can be named.
public enum SettingRules {
  /// Checks a width in points.
  public static func width(_ value: Double) -> SettingProblem? {
    value.isFinite && value > 0 && value <= RenderLimits.maxWidth
      ? nil
      : SettingProblem(
        .width, "must be above 0 and at most \(whole(RenderLimits.maxWidth))", value: "\(value)")
  }

  /// Checks a scale (pixels per point).
  public static func scale(_ value: Int) -> SettingProblem? {
    RenderLimits.scales.contains(value)
      ? nil
      : SettingProblem(
        .scale, "must be \(RenderLimits.scales.lowerBound) to \(RenderLimits.scales.upperBound)",
        value: "\(value)")
  }

  /// Checks a line limit.
  public static func lineLimit(_ value: Int) -> SettingProblem? {
    (1...RenderLimits.maxLineLimit).contains(value)
      ? nil
      : SettingProblem(.lineLimit, "must be 1 to \(RenderLimits.maxLineLimit)", value: "\(value)")
  }

  /// Points become 32-bit Pango units (× 1024) and image sizes: bounded before either.
  public static func lineSpacing(_ value: Double) -> SettingProblem? {
    points(value, upTo: RenderLimits.maxLineSpacing, .lineSpacing)
  }

  /// One edge of the padding (`top`, `leading`, `bottom`, `trailing`).
  public static func padding(_ value: Double, edge: String) -> SettingProblem? {
    points(value, upTo: RenderLimits.maxPadding, .padding(edge))
  }

  /// Checks a BCP 47 language tag.
  public static func language(_ tag: String) -> SettingProblem? {
    LanguageTag.isWellFormed(tag)
      ? nil
      : SettingProblem(
        .language, "must be a BCP 47 language tag such as en, ja, zh-Hans or ar", value: "'\(tag)'")
  }

  /// The size a font description ends in (it becomes 32-bit Pango units).
  public static func fontSize(_ size: Double, of font: String) -> SettingProblem? {
    size > 0 && size <= RenderLimits.maxFontSize
      ? nil
      : SettingProblem(
        .fontSize(font), "must be above 0 and at most \(whole(RenderLimits.maxFontSize)) points",
        value: "\(size)")
  }

  /// Checks an animation's frame rate.
  public static func framesPerSecond(_ value: Int) -> SettingProblem? {
    RenderLimits.framesPerSecond.contains(value)
      ? nil
      : SettingProblem(
        .framesPerSecond,
        "must be \(RenderLimits.framesPerSecond.lowerBound) to "
          + "\(RenderLimits.framesPerSecond.upperBound)", value: "\(value)")
  }

  /// Checks an animation's duration or a spring's response, in seconds (`name` says which).
  public static func animationSeconds(_ value: Double, _ name: SettingProblem.Setting)
    -> SettingProblem?
  {
    value.isFinite && value > 0 && value <= RenderLimits.maxAnimationSeconds
      ? nil
      : SettingProblem(
        name, "must be above 0 and at most \(whole(RenderLimits.maxAnimationSeconds)) seconds",
        value: "\(value)")
  }

  /// Checks a spring's damping fraction.
  public static func dampingFraction(_ value: Double) -> SettingProblem? {
    value.isFinite && value > 0 && value <= RenderLimits.maxDampingFraction
      ? nil
      : SettingProblem(
        .dampingFraction,
        "must be above 0 and at most \(whole(RenderLimits.maxDampingFraction))",
        value: "\(value)")
  }

  /// Collapsing starts from the expanded state with a tap on the collapse label.
  public static func collapsing(_ component: ExpandableText) -> SettingProblem? {
    component.collapseButton == nil
      ? SettingProblem(.collapseButton, "collapsing needs a collapse label to tap") : nil
  }

  /// Every rule of a render, in the order a reader meets the settings; the first broken one.
  public static func validate(_ component: ExpandableText, _ options: RenderOptions)
    -> SettingProblem?
  {
    let padding = options.padding
    let fonts: [(String, Font?)] = [
      ("font", component.font), ("expandButton font", component.expandButton.font),
      ("collapseButton font", component.collapseButton?.font),
    ]
    // Pango stops reading a text at U+0000, so byte offsets past it would point nowhere.
    let texts: [(String, String)] = [
      ("text", component.text), ("ellipsis", component.ellipsis),
      ("expandButton text", component.expandButton.text),
      ("collapseButton text", component.collapseButton?.text ?? ""),
    ]
    let checks: [() -> SettingProblem?] = [
      { width(options.width) }, { language(options.language) }, { scale(options.scale) },
      { lineLimit(component.lineLimit) }, { lineSpacing(component.lineSpacing) },
      { SettingRules.padding(padding.top, edge: "top") },
      { SettingRules.padding(padding.leading, edge: "leading") },
      { SettingRules.padding(padding.bottom, edge: "bottom") },
      { SettingRules.padding(padding.trailing, edge: "trailing") },
      {
        fonts.lazy.compactMap { name, font in font?.customSize.flatMap { fontSize($0, of: name) } }
          .first
      },
      {
        options.contentWidth > 0
          ? nil
          : SettingProblem(
            .padding("leading and trailing"),
            "leaves no room for text in a width of \(options.width)")
      },
      {
        texts.first { $0.1.utf8.contains(0) }.map {
          SettingProblem(.text($0.0), "contains U+0000 (NUL), which Pango cannot lay out")
        }
      },
      {
        component.text.utf8.count <= RenderLimits.maxTextBytes
          ? nil
          : SettingProblem(
            .text("text"),
            "is \(component.text.utf8.count) bytes; the limit is \(RenderLimits.maxTextBytes)")
      },
    ]
    return checks.lazy.compactMap { $0() }.first
  }

  private static func points(_ value: Double, upTo limit: Double, _ setting: SettingProblem.Setting)
    -> SettingProblem?
  {
    (0...limit).contains(value)
      ? nil : SettingProblem(setting, "must be 0 to \(whole(limit)) points", value: "\(value)")
  }

  /// `10000` for `10000.0`: limits are whole numbers of points.
  private static func whole(_ limit: Double) -> String { String(Int(limit)) }
}

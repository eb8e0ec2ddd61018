internal import CPangoCairo

extension Font {
  /// The family Markdown's `code` is drawn in: the monospaced face of DejaVu, which
  /// `fonts-dejavu-core` installs with DejaVu Sans.
  public static let monospacedFamily = "DejaVu Sans Mono"
}

extension PangoAttributes {
  /// Adds the attributes of `runs` over their bytes, cut at `end` (the kept prefix): strong
  /// asks the face's bold weight (`pango_attr_weight_new`), emphasis its italic
  /// (`pango_attr_style_new`), code the monospaced family (`pango_attr_family_new`),
  /// strikethrough a line through (`pango_attr_strikethrough_new`), and links the tint. Under
  /// Bold Text strong is one weight heavier than bold, as every other weight is.
  func addStyles(
    _ runs: [StyledRun], upTo end: Int, tint: Color.RGBA,
    legibilityWeight: LegibilityWeight = .regular
  ) {
    let strong = PangoWeight(rawValue: UInt32(Font.Weight.bold.under(legibilityWeight).rawValue))
    for run in runs where run.bytes.lowerBound < end {
      let range = run.bytes.lowerBound..<min(run.bytes.upperBound, end)
      let style = run.style
      if style.isBold { insert(pango_attr_weight_new(strong), range) }
      if style.isItalic { insert(pango_attr_style_new(PANGO_STYLE_ITALIC), range) }
      if style.isCode { insert(pango_attr_family_new(Font.monospacedFamily), range) }
      if style.isStrikethrough { insert(pango_attr_strikethrough_new(1), range) }
      if style.link != nil { setColor(tint, bytes: range) }
    }
  }
}

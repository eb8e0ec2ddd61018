/// Rejects values a render cannot honor, with messages that name the option.
enum InputValidation {
  static func check(_ component: ExpandableText, _ options: RenderOptions) throws(RenderError) {
    func fail(_ message: String) -> RenderError { .configuration(ConfigurationError(message)) }
    guard options.width.isFinite, options.width > 0, options.width <= RenderLimits.maxWidth else {
      throw fail("width must be above 0 and at most \(RenderLimits.maxWidth), got \(options.width)")
    }
    guard LanguageTag.isWellFormed(options.language) else {
      throw fail(
        "language must be a BCP 47 tag such as en, ja, zh-Hans or ar, got '\(options.language)'")
    }
    guard RenderLimits.scales.contains(options.scale) else {
      throw fail("scale must be 1 to 4, got \(options.scale)")
    }
    guard (1...RenderLimits.maxLineLimit).contains(component.lineLimit) else {
      throw fail(
        "lineLimit must be 1 to \(RenderLimits.maxLineLimit), got \(component.lineLimit)")
    }
    // Points become 32-bit Pango units (× 1024) and image sizes: bound them before either.
    guard (0...RenderLimits.maxLineSpacing).contains(component.lineSpacing) else {
      throw fail(
        "lineSpacing must be 0 to \(Int(RenderLimits.maxLineSpacing)) points, got \(component.lineSpacing)"
      )
    }
    let padding = options.padding
    for (name, value) in [
      ("top", padding.top), ("leading", padding.leading), ("bottom", padding.bottom),
      ("trailing", padding.trailing),
    ] where !(0...RenderLimits.maxPadding).contains(value) {
      throw fail(
        "padding \(name) must be 0 to \(Int(RenderLimits.maxPadding)) points, got \(value)")
    }
    for (name, font) in [
      ("font", component.font), ("expandButton font", component.expandButton.font),
      ("collapseButton font", component.collapseButton?.font),
    ] {
      if let size = font?.customSize, let problem = Font.sizeProblem(size) {
        throw fail("\(name) \(problem)")
      }
    }
    guard options.contentWidth > 0 else {
      throw fail("padding leaves no room for text in a width of \(options.width)")
    }
    // Pango stops reading a text at U+0000, so byte offsets past it would point nowhere.
    for (name, value) in [
      ("text", component.text), ("ellipsis", component.ellipsis),
      ("expandButton text", component.expandButton.text),
      ("collapseButton text", component.collapseButton?.text ?? ""),
    ] where value.utf8.contains(0) {
      throw fail("\(name) contains U+0000 (NUL), which Pango cannot lay out")
    }
    guard component.text.utf8.count <= RenderLimits.maxTextBytes else {
      throw fail(
        "text is \(component.text.utf8.count) bytes; the limit is \(RenderLimits.maxTextBytes)")
    }
  }
}

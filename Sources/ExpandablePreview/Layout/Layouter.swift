/// Lays a component out for one state: the only place that asks Pango questions.
struct Layouter {
  let component: ExpandableText
  let options: RenderOptions
  let context: PangoTextContext
  let font: PangoFontDescriptionRef
  /// The drawn text (Markdown parsed) and its styles.
  let styled: StyledText
  let text: [UInt8]
  /// Layouts of the component's text made so far (labels are not counted).
  private(set) var layoutCount = 0
  /// Lays out the whole text in the collapsed state too, not a bounded prefix: the reference
  /// the prefix is tested against.
  var laysOutWholeText = false
  /// The length of the first bounded prefix tried, instead of ``initialPrefixBytes(lines:width:pointSize:)``.
  var firstPrefixBytes: Int? = nil

  init(component: ExpandableText, options: RenderOptions, context: PangoTextContext)
    throws(RenderError)
  {
    self.component = component
    self.options = options
    self.context = context
    self.font = try PangoFontDescriptionRef(
      component.font, dynamicType: options.dynamicType,
      legibilityWeight: options.legibilityWeight, fallbackFamilies: context.fallbackFamilies)
    self.styled = StyledText(component)
    self.text = Array(styled.text.utf8)
  }

  /// The most characters one laid-out paragraph may hold at the body's size.
  var paragraphCharacterLimit: Int {
    Int(RenderLimits.maxParagraphCharacterPoints / max(font.pointSize, 1))
  }

  /// Pango measures a paragraph's unwrapped width in 32-bit Pango units; past about 2 million
  /// points it overflows and wraps nothing. Refuses `bytes` (what is about to be laid out: the
  /// whole text, or a prefix of it with or without an ellipsis and label) when a paragraph in
  /// it is longer than ``paragraphCharacterLimit``; the error gives that paragraph's length in
  /// the whole text. A bounded prefix ends inside a long paragraph, so a collapsed render of
  /// one is laid out; the expanded state, which lays out all of it, is refused.
  func checkParagraphLengths(_ bytes: [UInt8]) throws(RenderError) {
    let limit = paragraphCharacterLimit
    var start = 0
    var characters = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let separator =
        byte == 0x0A || byte == 0x0D
        || (byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
          && bytes[index + 2] == 0xA9)
      if separator {
        index += byte == 0xE2 ? 3 : 1
        start = index
        characters = 0
        continue
      }
      // A scalar starts at every byte that is not a continuation byte.
      if byte & 0xC0 != 0x80 { characters += 1 }
      index += 1
      guard characters > limit else { continue }
      var longest = characters
      if start < text.count {
        let paragraph = BoundedPrefix(text: text, direction: component.direction)
          .paragraphBounds(around: start)
        longest = max(longest, text[paragraph].lazy.filter { $0 & 0xC0 != 0x80 }.count)
      }
      throw .configuration(
        ConfigurationError(
          "a paragraph of \(longest) characters is too long to lay out at \(font.pointSize) pt "
            + "(the limit is \(limit) characters at that size); split it with line breaks"))
    }
  }

  /// Lays out the whole text after checking that its cost stays bounded
  /// (``checkWholeLayoutCost()``).
  mutating func wholeTextLayout() throws(RenderError) -> TextLayout {
    try checkWholeLayoutCost()
    return try layoutText(text)
  }

  /// Lays out `bytes` as body text at the content width; counts as one text layout. The text's
  /// styles apply to its first `styledBytes` bytes (all by default): a kept prefix keeps its
  /// styles, the ellipsis and label after it take none.
  mutating func layoutText(
    _ bytes: [UInt8], attributes: PangoAttributes? = nil, styledBytes: Int? = nil
  ) throws(RenderError) -> TextLayout {
    try checkParagraphLengths(bytes)
    layoutCount += 1
    let list: PangoAttributes
    if let attributes { list = attributes } else { list = try PangoAttributes() }
    list.addStyles(
      styled.runs, upTo: styledBytes ?? bytes.count,
      tint: options.resolve(component.tint), legibilityWeight: options.legibilityWeight)
    return try TextLayout(
      text: bytes, context: context, font: font, width: options.contentWidth,
      lineSpacing: component.lineSpacing, direction: component.direction,
      attributes: list)
  }

  /// Lays out a label on one line in its own font; a label wider than the text is ellipsized
  /// by Pango to the text's width, and `fits` is false.
  func layoutLabel(_ label: TextSet) throws(RenderError) -> (layout: TextLayout, fits: Bool) {
    let labelFont = try PangoFontDescriptionRef(
      label.font ?? component.font, dynamicType: options.dynamicType,
      legibilityWeight: options.legibilityWeight, fallbackFamilies: context.fallbackFamilies)
    let bytes = Array(label.text.utf8)
    let whole = try TextLayout(
      text: bytes, context: context, font: labelFont, width: -1, lineSpacing: 0,
      direction: component.direction)
    guard whole.lines[0].width > options.contentWidth + Self.widthTolerance else {
      return (whole, true)
    }
    let ellipsized = try TextLayout(
      text: bytes, context: context, font: labelFont, width: options.contentWidth,
      lineSpacing: 0, direction: component.direction, maxLines: 1)
    return (ellipsized, false)
  }

  /// Lays the component out in the state `options.state`.
  mutating func layout() throws(RenderError) -> ComponentLayout {
    // Collapsed, only the first N + 1 lines count: a bounded prefix gives them.
    let bounded = options.state == .collapsed && !laysOutWholeText
    let full = bounded ? try collapsedBody() : try wholeTextLayout()
    let truncated = full.lines.count > component.lineLimit
    guard truncated else { return finish(body: full, visibleLines: full.lines.count) }
    switch (component.truncationStyle, options.state) {
    case (.fade, .collapsed):
      return try fade(full, visibleLines: component.lineLimit, label: component.expandButton)
    case (.fade, .expanded):
      guard let collapse = component.collapseButton else {
        return finish(body: full, visibleLines: full.lines.count, truncated: true)
      }
      if component.collapsePlacement == .belowText {
        return try labelBelow(full, label: collapse)
      }
      return try fade(full, visibleLines: full.lines.count, label: collapse)
    case (.ellipsis, .collapsed):
      return try ellipsis(full)
    case (.ellipsis, .expanded):
      guard let collapse = component.collapseButton else {
        return finish(body: full, visibleLines: full.lines.count, truncated: true)
      }
      if component.collapsePlacement == .belowText {
        return try labelBelow(full, label: collapse)
      }
      return try inlineLabel(after: text, separator: " ", label: collapse, visibleText: text)
    }
  }

  /// The horizontal origin of the body: padding is leading/trailing in the text's direction.
  func originX(isRightToLeft: Bool) -> Double {
    isRightToLeft ? options.padding.trailing : options.padding.leading
  }

  /// Assembles the result for `body` with the first `visibleLines` lines drawn.
  func finish(
    body: TextLayout, visibleLines: Int, truncated: Bool = false, visibleText: [UInt8]? = nil,
    fade: (frame: Rect, isRightToLeft: Bool)? = nil, label: ComponentLayout.PlacedLabel? = nil,
    inlineLabelFrame: Rect? = nil, labelFits: Bool = true, topInset: Double = 0,
    extraHeight: Double = 0
  ) -> ComponentLayout {
    let isRightToLeft = body.lines.first?.isRightToLeft ?? false
    let lastLine = body.lines[visibleLines - 1]
    let height =
      (options.padding.top + topInset + lastLine.bottom + extraHeight + options.padding.bottom)
      .rounded(.up)
    let scale = Double(options.scale)
    let visible =
      visibleText ?? Array(body.text[..<min(body.text.count, lastLine.bytes.upperBound)])
    let links = visibleLinks(
      body, visibleBytes: visible.count, visibleLines: visibleLines, fade: fade)
    let textFrame = Rect(
      x: originX(isRightToLeft: isRightToLeft), y: options.padding.top + topInset,
      width: options.contentWidth, height: lastLine.bottom)
    let labelFrame = label?.frame ?? inlineLabelFrame
    let labelText =
      options.state == .collapsed ? component.expandButton.text : component.collapseButton?.text
    var result = LayoutResult(
      exceedsLineLimit: truncated, visibleText: String(decoding: visible, as: UTF8.self),
      lines: visibleLines, size: Size(width: options.width, height: height),
      pixelSize: Size(
        width: (options.width * scale).rounded(.up), height: (height * scale).rounded(.up)),
      label: labelFrame, fade: fade?.frame, links: links.map(\.link), labelFits: labelFits,
      layouts: layoutCount,
      isRightToLeft: fade?.isRightToLeft ?? isRightToLeft)
    result.textFrame = textFrame
    let origin = (x: originX(isRightToLeft: isRightToLeft), y: options.padding.top + topInset)
    result.lineFrames = body.lines[..<visibleLines].map { line in
      Rect(x: origin.x + line.x, y: origin.y + line.top, width: line.width, height: line.height)
    }
    result.accessibilityElements = LayoutResult.accessibilityElements(
      fullText: String(decoding: text, as: UTF8.self), textFrame: textFrame, links: links,
      label: labelText.flatMap { text in labelFrame.map { (text: text, frame: $0) } })
    return ComponentLayout(
      body: body, visibleLines: visibleLines,
      origin: origin,
      textColor: options.resolve(component.foregroundColor), fade: fade,
      label: label, result: result)
  }
}

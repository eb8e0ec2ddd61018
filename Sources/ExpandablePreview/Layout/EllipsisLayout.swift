/// The ellipsis style: the longest prefix such that prefix + ellipsis + label, laid out as one
/// paragraph exactly as it is painted, takes at most `lineLimit` (N) lines.
///
/// The whole text is laid out once. The cut candidates (``CutCandidates``) run from the end of
/// line N + 1, past which no prefix can fit, down to the empty prefix. Glyph widths measured on
/// lines N and N + 1 predict the longest that fits; a galloping search from that prediction
/// (``GallopingSearch``) lays out prefix + ellipsis + label for each candidate it probes, until
/// a fitting candidate sits next to one that does not: two layouts when the prediction is right.
/// Where the line count may not grow with the prefix (``lineCountMayBeNonMonotone(_:)``), every
/// longer candidate that could fit at all is tried too, longest first, so the cut is exact.
/// When not even the ellipsis and the label alone fit, the text is hidden, the ellipsis dropped
/// and the label shown alone, ellipsized by Pango past N lines (``LayoutResult/labelFits``).
extension Layouter {
  /// Widths closer than this (in points) count as equal, absorbing Pango-unit rounding.
  static let widthTolerance = 0.01

  mutating func ellipsis(_ full: TextLayout) throws(RenderError) -> ComponentLayout {
    let limit = component.lineLimit
    let candidates = full.withLogAttributes { attributes in
      CutCandidates(
        text: styled.text, upTo: full.lines[limit].bytes.upperBound,
        wordsOnly: component.cutsAtWordBoundaries, attributes: attributes)
    }.keptBytes
    var search = GallopingSearch(
      count: candidates.count, start: try predictedCut(full, candidates: candidates))
    var longestFitting: TextLayout? = nil
    var shortestFailing: TextLayout? = nil
    while let index = search.next {
      let layout = try suffixed(prefixEnd: candidates[index])
      let fits = layout.lines.count <= limit
      // The search only moves its fitting index down and its failing index up, so the last
      // layouts that fit and failed are the answer's and its longer neighbour's.
      if fits { longestFitting = layout } else { shortestFailing = layout }
      search.record(fits: fits)
    }
    var answer = search.fitting
    let neighbourWrapsAnew =
      answer > 0 && answer < candidates.count
      && shortestFailing.map { wrapsAnew($0, prefixEnd: candidates[answer - 1], full) } == true
    let mayFitAgain = try neighbourWrapsAnew ? true : lineCountMayBeNonMonotone(full)
    if mayFitAgain {
      // A longer candidate than the search's edge may fit again: try each, longest first.
      // `answer - 1` is known not to fit (or nothing fits and every one is still open).
      let open = answer < candidates.count ? answer - 1 : candidates.count - 1
      let longest = try longestPossiblyFitting(full, candidates: candidates)
      for index in longest..<max(longest, open) {
        let layout = try suffixed(prefixEnd: candidates[index])
        if layout.lines.count <= limit {
          longestFitting = layout
          answer = index
          break
        }
      }
    }
    guard let longestFitting, answer < candidates.count else { return try labelAlone() }
    return placeInline(
      longestFitting, label: component.expandButton,
      visibleText: Array(text[..<candidates[answer]]))
  }

  /// Whether the kept text of `layout` (`prefixEnd` bytes, then the ellipsis and the label)
  /// breaks its lines elsewhere than the whole text does. The search's rule (a longer prefix
  /// never takes fewer lines) holds where they keep their breaks; but where nothing may break
  /// before the ellipsis ("。‥", "d…"), the prefix's last word carries it and may move down a
  /// line, while a longer prefix leaves that word up: "…である。‥ 続きを読む" takes 5 lines where
  /// "…である。 ま‥ 続きを読む" takes 4.
  func wrapsAnew(_ layout: TextLayout, prefixEnd: Int, _ full: TextLayout) -> Bool {
    zip(layout.lines, full.lines).contains { line, whole in
      line.bytes.lowerBound < prefixEnd && line.bytes.lowerBound != whole.bytes.lowerBound
    }
  }

  /// The index in `candidates` of the longest cut that measured widths say fits: the kept part
  /// of line N (and, cutting into the word that wrapping moved down, of line N + 1) plus the
  /// ellipsis and label measured apart must fit the width. When none does, the end of line
  /// N − 1, so that the ellipsis and label start line N.
  /// `slack` widens the width and `suffixWidth` replaces the suffix measured alone, for
  /// ``longestPossiblyFitting(_:candidates:)``.
  func predictedCut(
    _ full: TextLayout, candidates: [Int], slack: Double = 0, suffixWidth given: Double? = nil
  ) throws(RenderError) -> Int {
    let limit = component.lineLimit
    let last = full.lines[limit - 1].bytes
    let next = full.lines[limit].bytes
    let suffixWidth: Double
    if let given {
      suffixWidth = given
    } else {
      suffixWidth = try measureSuffix(component.ellipsis, component.expandButton)
    }
    let available = options.contentWidth + Self.widthTolerance + slack
    let lastWidth = full.width(of: last, onLine: limit - 1)
    // After a forced break (a newline) nothing of line N + 1 can join line N.
    let joinsNext = !full.isMandatoryBreak(atByte: next.lowerBound)
    func width(_ cut: Int) -> Double {
      if cut <= last.upperBound { return full.width(of: last.lowerBound..<cut, onLine: limit - 1) }
      guard joinsNext else { return .infinity }
      return lastWidth + full.width(of: next.lowerBound..<cut, onLine: limit)
    }
    return candidates.firstIndex { $0 <= last.lowerBound || width($0) + suffixWidth <= available }
      ?? candidates.count - 1
  }

  /// When no prefix fits: no text and no ellipsis, the label alone, in its color and font, and
  /// ellipsized by Pango when it needs more than `lineLimit` lines. The label's layouts are
  /// not counted as text layouts.
  func labelAlone() throws(RenderError) -> ComponentLayout {
    let label = component.expandButton
    let bytes = Array(label.text.utf8)
    func layout(maxLines: Int?) throws(RenderError) -> TextLayout {
      try TextLayout(
        text: bytes, context: context, font: font, width: options.contentWidth,
        lineSpacing: component.lineSpacing, direction: component.direction,
        attributes: labelAttributes(label, bytes: 0..<bytes.count), maxLines: maxLines)
    }
    var body = try layout(maxLines: nil)
    if body.lines.count > component.lineLimit { body = try layout(maxLines: component.lineLimit) }
    let left = originX(isRightToLeft: body.lines.first?.isRightToLeft ?? false)
    let x = body.lines.map(\.x).min() ?? 0
    let maxX = body.lines.map { $0.x + $0.width }.max() ?? 0
    let frame = Rect(
      x: left + max(0, x), y: options.padding.top,
      width: max(0, min(maxX, options.contentWidth) - max(0, x)), height: body.height)
    return finish(
      body: body, visibleLines: body.lines.count, truncated: true, visibleText: [],
      inlineLabelFrame: frame, labelFits: false)
  }

  /// Lays out the text's first `prefixEnd` bytes, the ellipsis and the expand label as one
  /// paragraph, as the ellipsis style paints it.
  mutating func suffixed(prefixEnd: Int) throws(RenderError) -> TextLayout {
    try layoutWithLabel(
      Array(text[..<prefixEnd]), separator: component.ellipsis, label: component.expandButton)
  }

  /// Lays out `prefix + separator + label`, the label in its own color and font.
  mutating func layoutWithLabel(_ prefix: [UInt8], separator: String, label: TextSet)
    throws(RenderError) -> TextLayout
  {
    let bytes = prefix + Array(separator.utf8) + Array(label.text.utf8)
    let labelRange = (prefix.count + separator.utf8.count)..<bytes.count
    return try layoutText(
      bytes, attributes: labelAttributes(label, bytes: labelRange), styledBytes: prefix.count)
  }

  /// Lays out `prefix + separator + label`, the label in its own color and font, drawn whole.
  mutating func inlineLabel(
    after prefix: [UInt8], separator: String, label: TextSet, visibleText: [UInt8]
  ) throws(RenderError) -> ComponentLayout {
    let layout = try layoutWithLabel(prefix, separator: separator, label: label)
    return placeInline(layout, label: label, visibleText: visibleText)
  }

  /// The result for `layout`, whose text ends with `label`: every line drawn, and the label's
  /// frame on its last line.
  func placeInline(_ layout: TextLayout, label: TextSet, visibleText: [UInt8]) -> ComponentLayout {
    let labelRange = (layout.text.count - label.text.utf8.count)..<layout.text.count
    var frame: Rect? = nil
    if !labelRange.isEmpty {
      let lineIndex = layout.lineIndex(ofByte: labelRange.upperBound - 1)
      let lineBytes = layout.lines[lineIndex].bytes
      let onLine = max(labelRange.lowerBound, lineBytes.lowerBound)..<labelRange.upperBound
      if let local = layout.frame(of: onLine, onLine: lineIndex) {
        // A label glyph wider than the whole line overflows it; report the part inside.
        let left = originX(isRightToLeft: layout.lines.first?.isRightToLeft ?? false)
        let x = min(max(local.x, 0), options.contentWidth)
        let width = min(local.maxX, options.contentWidth) - x
        frame = Rect(
          x: left + x, y: options.padding.top + local.y, width: max(0, width),
          height: local.height)
      }
    }
    return finish(
      body: layout, visibleLines: layout.lines.count, truncated: true, visibleText: visibleText,
      inlineLabelFrame: frame)
  }

  /// The label's color, and its font when it has its own, as attributes on `range`.
  func labelAttributes(_ label: TextSet, bytes range: Range<Int>) throws(RenderError)
    -> PangoAttributes
  {
    let attributes = try PangoAttributes()
    attributes.setColor(options.resolve(label.color), bytes: range)
    if let font = label.font {
      attributes.setFont(
        try PangoFontDescriptionRef(
          font, dynamicType: options.dynamicType, legibilityWeight: options.legibilityWeight,
          fallbackFamilies: context.fallbackFamilies),
        bytes: range)
    }
    return attributes
  }

  /// The width of `separator + label` on one line (a label layout, not a text layout).
  func measureSuffix(_ separator: String, _ label: TextSet) throws(RenderError) -> Double {
    let bytes = Array(separator.utf8) + Array(label.text.utf8)
    let attributes = try labelAttributes(label, bytes: separator.utf8.count..<bytes.count)
    let layout = try TextLayout(
      text: bytes, context: context, font: font, width: -1, lineSpacing: 0,
      direction: component.direction, attributes: attributes)
    return layout.lines.map(\.width).max() ?? 0
  }
}

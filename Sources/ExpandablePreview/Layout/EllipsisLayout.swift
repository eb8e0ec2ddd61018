/// The ellipsis style: the longest prefix that fits the line limit with "... " and the label.
///
/// The reference finds the cut by binary search over full layouts. Here the full text is laid
/// out once; the cut is read off its last allowed line by measuring glyph widths, and one more
/// layout confirms it. When shaping in context differs (joining scripts, kerning, font fallback)
/// a third layout retries with the measured overflow. Only lines whose measured widths mislead
/// twice (mixed directions with an emoji font as the text font, found by fuzzing) take a fourth,
/// which keeps the lines before the last and puts the label on the last line.
extension Layouter {
  /// Widths closer than this (in points) count as equal, absorbing Pango-unit rounding.
  static let widthTolerance = 0.01

  mutating func ellipsis(_ full: TextLayout) throws(RenderError) -> ComponentLayout {
    let limit = component.lineLimit
    let lineStart = full.lines[limit - 1].bytes.lowerBound
    let suffixWidth = try measureSuffix(component.ellipsis, component.expandButton)
    let available = options.contentWidth + Self.widthTolerance
    let candidates = cutCandidates(in: full, lineIndex: limit - 1)
    func predictedWidth(_ cut: Int) -> Double {
      cut > lineStart ? full.width(of: lineStart..<cut, onLine: limit - 1) : 0
    }
    // A suffix wider than the whole line cannot fit; it wraps after the previous lines instead.
    let suffixFits = suffixWidth <= available
    // After a try that overflowed: the most the kept part of the last line may measure.
    var ceiling = Double.infinity
    var index = 0
    var tries = 0
    while true {
      // Two measured tries, then the start of the last line: the label after the lines before
      // it always fits there, so no text takes more than four layouts in all.
      index =
        tries == 2
        ? candidates.count - 1
        : candidates[index...].firstIndex {
          let width = predictedWidth($0)
          return width + suffixWidth <= available && width <= ceiling
        } ?? candidates.count - 1
      tries += 1
      let cut = candidates[index]
      let prefix = Array(text[..<cut])
      let placed = try inlineLabel(
        after: prefix, separator: component.ellipsis, label: component.expandButton,
        visibleText: prefix)
      if placed.result.lines <= limit || !suffixFits || index == candidates.count - 1 {
        return placed
      }
      // Shaping in context (joining scripts, kerning, the script a neutral "..." takes, font
      // fallback) made the line wider than measured apart. The lines from the last allowed one
      // on say how much too wide it is in context: shorten the kept part by that much, with a
      // margin for the space a wrapped line drops and for shaping shifting at the new cut.
      let body = placed.body
      if body.lines[limit - 1].bytes.lowerBound == lineStart {
        let needed = body.lines[(limit - 1)...].reduce(0) { $0 + $1.width }
        let overflow = max(0, needed - available)
        // Widths measured apart can be off by as much again as the overflow (bidi runs, font
        // fallback), so take that, an em and half a point on top: one retry, not a walk.
        let margin = overflow + font.pointSize + 0.5
        ceiling = min(ceiling, predictedWidth(cut) - overflow - margin)
      }
      index += 1
    }
  }

  /// Lays out `prefix + separator + label`, the label in its own color and font, drawn whole.
  mutating func inlineLabel(
    after prefix: [UInt8], separator: String, label: TextSet, visibleText: [UInt8]
  ) throws(RenderError) -> ComponentLayout {
    let labelStart = prefix.count + separator.utf8.count
    let bytes = prefix + Array(separator.utf8) + Array(label.text.utf8)
    let labelRange = labelStart..<bytes.count
    let attributes = try labelAttributes(label, bytes: labelRange)
    let layout = try layoutText(bytes, attributes: attributes)
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
    attributes.setColor(label.color.resolved(in: options.appearance), bytes: range)
    if let font = label.font {
      attributes.setFont(
        try PangoFontDescriptionRef(
          font, dynamicType: options.dynamicType, fallbackFamilies: context.fallbackFamilies),
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

  /// Byte offsets where the kept text may end on line `lineIndex`, longest first, with
  /// whitespace before each trimmed and duplicates removed. Only grapheme boundaries qualify
  /// (word ends too, with ``ExpandableText/cutsAtWordBoundaries``); the line's start, trimmed,
  /// is always the last candidate.
  func cutCandidates(in full: TextLayout, lineIndex: Int) -> [Int] {
    let line = full.lines[lineIndex].bytes
    var character = text[..<line.lowerBound].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    var candidates: [Int] = []
    full.withLogAttributes { attributes in
      for offset in line.lowerBound...line.upperBound {
        guard offset == text.count || text[offset] & 0xC0 != 0x80 else { continue }
        defer { character += 1 }
        guard character < attributes.count, offset > line.lowerBound else { continue }
        let attribute = attributes[character]
        guard attribute.is_cursor_position != 0 else { continue }
        if component.cutsAtWordBoundaries
          && attribute.is_word_end == 0 && attribute.is_line_break == 0
        {
          continue
        }
        candidates.append(offset)
      }
    }
    candidates.append(line.lowerBound)
    return Set(candidates.map(trimmingWhitespace(before:))).sorted(by: >)
  }

  /// Moves `offset` back over whitespace (including newlines) that precedes it.
  func trimmingWhitespace(before offset: Int) -> Int {
    var end = offset
    while end > 0 {
      var start = end - 1
      while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }
      let scalar = String(decoding: text[start..<end], as: UTF8.self).unicodeScalars.first
      guard let scalar, scalar.properties.isWhitespace else { break }
      end = start
    }
    return end
  }
}

internal import CPangoCairo

/// When the galloping search may stop short. It assumes that a longer prefix never takes fewer
/// lines than a shorter one, as greedy wrapping of fixed glyphs guarantees. A longer prefix can
/// still take fewer lines where it changes what comes before it: the break opportunities of
/// dictionary-broken scripts, the joining forms and order of right-to-left text, or where a line
/// is wrapped inside a word (no break opportunity, Pango wraps by character); or where the
/// ellipsis and the label, shaped in the script of the text before them, are narrower after a
/// longer prefix (``suffixContexts(_:)``). The check reads only the whole text's layout
/// (lines N − 1 … N + 1), the ellipsis and the label; a false alarm costs layouts, a miss costs
/// exactness, so it errs wide (the random tests hold it to 0 misses).
extension Layouter {
  /// The index of the longest candidate that could fit at all: the longer of two measures,
  /// each with room for one more Character (the widest on lines N and N + 1), whose shape may
  /// change at the cut, and the suffix's narrowest width after any script there. The
  /// prediction's, where the lines above line N stay as they are, and
  /// ``longestFittingAfterReflow(_:candidates:slack:suffixWidth:)``'s, where the cut word
  /// moves up a line.
  func longestPossiblyFitting(_ full: TextLayout, candidates: [Int]) throws(RenderError) -> Int {
    let limit = component.lineLimit
    let start = full.lines[limit - 1].bytes.lowerBound
    let end = full.lines[limit].bytes.upperBound
    var widest = 0.0
    var byte = start
    for character in String(decoding: full.text[start..<end], as: UTF8.self) {
      let range = byte..<(byte + character.utf8.count)
      byte = range.upperBound
      widest = max(widest, full.width(of: range, onLine: full.lineIndex(ofByte: range.lowerBound)))
    }
    // The narrowest form of the suffix, whatever script the cut ends in.
    let suffixWidth = try suffixWidthsAfterEachScript(full).reduce(
      try measureSuffix(component.ellipsis, component.expandButton), min)
    return min(
      try predictedCut(full, candidates: candidates, slack: widest, suffixWidth: suffixWidth),
      try longestFittingAfterReflow(
        full, candidates: candidates, slack: widest, suffixWidth: suffixWidth))
  }

  /// The index of the longest candidate that could fit once the lines from its word's on are
  /// wrapped again. A cut shortens the word it falls in (from the last break opportunity
  /// before the cut's last character: an opportunity right before it may depend on what
  /// follows), so that word may now fit at the end of the line before it and pull the
  /// following lines up: "ي هذا(2024" wraps as "ي " / "هذا(2024", but "ي هذا(20" + "——…"
  /// takes one line less. Lines that end before that word keep their breaks, so the glyphs from
  /// the start of the first line that may change up to the cut must fit that line, and with
  /// the ellipsis and the label the lines left (less whitespace that may hang where a line
  /// ends); `slack` widens the room, and `suffixWidth` is the ellipsis and the label's.
  func longestFittingAfterReflow(
    _ full: TextLayout, candidates: [Int], slack: Double, suffixWidth: Double
  ) throws(RenderError) -> Int {
    let limit = component.lineLimit
    let end = full.lines[limit].bytes.upperBound
    // Every scalar's start up to `end`, and whether a line may break before it.
    var starts: [Int] = []
    var breaks: [Bool] = []
    full.withLogAttributes { attributes in
      var byte = 0
      while byte < end && starts.count < attributes.count {
        starts.append(byte)
        breaks.append(attributes[starts.count - 1].is_line_break != 0)
        let lead = full.text[byte]
        byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      }
    }
    starts.append(end)
    /// The index of the first line that may wrap again when the text is cut at `cut`.
    func firstChangingLine(_ cut: Int) -> Int {
      // The scalar before the cut's last scalar; the word starts at the last break before it.
      var scalar = (starts.firstIndex { $0 >= cut } ?? starts.count - 1) - 2
      while scalar > 0 && !breaks[scalar] { scalar -= 1 }
      let wordStart = starts[max(scalar, 0)]
      let line = full.lineIndex(ofByte: wordStart)
      // A word that starts a line after a line break (a newline) cannot move up.
      let movesUp =
        line > 0 && wordStart == full.lines[line].bytes.lowerBound
        && !full.isMandatoryBreak(atByte: wordStart)
      return movesUp ? line - 1 : line
    }
    let cuts = candidates.prefix { $0 > full.lines[limit - 1].bytes.lowerBound }
    let firstLines = cuts.map(firstChangingLine)
    guard let top = firstLines.min() else { return 0 }
    // The width from the start of line `top` to each scalar boundary up to `end`, and the
    // widest run of whitespace, which may hang at the end of a line wrapped anew.
    var widthBefore: [Int: Double] = [:]
    var total = 0.0
    var run = 0.0
    var widestRun = 0.0
    for line in top...limit {
      let bytes = full.lines[line].bytes
      widthBefore[bytes.lowerBound] = total
      var scalar = starts.firstIndex { $0 >= bytes.lowerBound } ?? starts.count - 1
      while scalar < starts.count - 1 && starts[scalar] < bytes.upperBound {
        let range = starts[scalar]..<starts[scalar + 1]
        let width = full.width(of: range, onLine: line)
        total += width
        let isWhitespace = String(decoding: full.text[range], as: UTF8.self).unicodeScalars
          .allSatisfy(\.properties.isWhitespace)
        run = isWhitespace ? run + width : 0
        widestRun = max(widestRun, run)
        widthBefore[range.upperBound] = total
        scalar += 1
      }
    }
    let lineWidth = options.contentWidth + Self.widthTolerance
    for (index, cut) in cuts.enumerated() {
      let first = firstLines[index]
      // Lines 1 … N keep their breaks: the cut is on line N + 1 or later.
      guard first < limit else { continue }
      guard let atCut = widthBefore[cut],
        let atStart = widthBefore[full.lines[first].bytes.lowerBound]
      else { return index }
      // The shortened word must fit at the end of that first line, or its lines keep their
      // breaks and the prediction's measure is the one that holds; then everything must fit,
      // less the whitespace that may hang where each of the lines left ends.
      let moved = atCut - atStart
      let lines = Double(limit - first)
      if moved <= lineWidth + slack,
        moved + suffixWidth - (lines - 1) * widestRun <= lines * lineWidth + slack
      {
        return index
      }
    }
    return cuts.count
  }

  /// Whether a longer prefix than the search's answer might fit again.
  func lineCountMayBeNonMonotone(_ full: TextLayout) throws(RenderError) -> Bool {
    let limit = component.lineLimit
    let first = max(0, limit - 2)
    let last = min(full.lines.count - 1, limit)
    let region = full.lines[first].bytes.lowerBound..<full.lines[last].bytes.upperBound
    // A line that starts where Pango sees no break opportunity was wrapped inside a word.
    let starts = full.lines[(first + 1)...last].map(\.bytes.lowerBound)
    let wrapsInsideWord = full.withLogAttributes { attributes in
      starts.contains { start in
        let scalar = full.text[..<start].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return scalar < attributes.count && attributes[scalar].is_line_break == 0
      }
    }
    if wrapsInsideWord { return true }
    let suffix = component.ellipsis + component.expandButton.text
    let scalars =
      String(decoding: full.text[region], as: UTF8.self).unicodeScalars
      + suffix.unicodeScalars
    if scalars.contains(where: { Self.isRightToLeftLetter($0) || Self.breaksByDictionary($0) }) {
      return true
    }
    if full.lines[first...last].contains(where: \.isRightToLeft) { return true }
    // A suffix narrower after another script: "中文 S——More" may fit where "中文——More" does not.
    guard suffixContexts(full).count > 1 else { return false }
    let widths = try suffixWidthsAfterEachScript(full)
    return (widths.max() ?? 0) - (widths.min() ?? 0) > Self.widthTolerance
  }

  /// Thai, Lao, Khmer and Myanmar: Pango finds their line breaks with a dictionary, so a
  /// prefix may break differently from the whole text.
  static func breaksByDictionary(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF, 0xAA60...0xAA7F:
      return true
    default: return false
    }
  }

  /// Scalars in the blocks of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo,
  /// Samaritan, Mandaic, their presentation forms, and the historic RTL planes' ranges). Wider
  /// than the strong R/AL bidi classes on purpose: a false alarm costs layouts, a miss costs
  /// exactness.
  static func isRightToLeftLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF,
      0x1E800...0x1EFFF:
      return true
    default: return false
    }
  }
}

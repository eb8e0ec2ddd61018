internal import CPangoCairo

/// Where a collapsed render may stop laying out its text: a prefix end past which nothing
/// changes the resolved levels, scripts or paragraph direction of what comes before it.
///
/// A collapsed render reads only the first N + 1 lines of the whole text's layout. Pango lays
/// a prefix out as it lays out the same bytes inside the whole text, except where something
/// after the end reaches back:
/// - **Paragraphs** are itemized, shaped, broken and bidi-resolved one at a time, so an end at
///   a paragraph separator (excluded) changes nothing before it.
/// - **Bidi** inside a paragraph: neutrals, numbers and brackets are resolved against the next
///   strong character, which may lie past the end, and auto-dir takes the paragraph direction
///   from its first strong character. In a paragraph without right-to-left characters (no R,
///   AL or AN class, no RTL embedding, override, isolate or mark) under a left-to-right or
///   natural direction, every resolved level is the explicit (even) level, decided by what
///   comes before: the end may fall inside it. Otherwise the end moves to the paragraph's end.
/// - **Scripts**: Pango gives leading Common and Inherited characters (punctuation, digits,
///   spaces, marks) the script of the first real one after them, per paragraph when itemizing
///   and over the whole text in ``ScriptLanguages``. The end must follow a real-script
///   character of its paragraph and of the text, unless none follows the end.
/// - **Local reach** (shaping across the end, a word or Thai dictionary segment cut in two,
///   a grapheme cluster split, trailing whitespace): it changes only the last lines, which the
///   caller keeps out of the lines it reads (``Layouter/boundedPrefixMarginLines``).
struct BoundedPrefix {
  let text: [UInt8]
  let direction: TextDirection

  /// The first end at or after `minimum` where the prefix `text[..<end]` may be laid out for
  /// the whole text; `text.count` when there is none.
  func end(atLeast minimum: Int) -> Int {
    var cut = scalarStart(atOrAfter: minimum)
    while cut < text.count {
      let paragraph = paragraphBounds(around: cut)
      var end = cut
      if !allowsCutInside(paragraph) {
        end = paragraph.upperBound
      } else if !hasRealScript(paragraph.lowerBound..<cut),
        let real = endOfFirstRealScript(in: cut..<paragraph.upperBound)
      {
        end = real
      }
      guard end < text.count else { return text.count }
      // Over the whole text: a real-script character before the end, or none after it.
      if !hasRealScript(0..<end), let real = endOfFirstRealScript(in: end..<text.count) {
        cut = real
        continue
      }
      return end
    }
    return text.count
  }

  /// Whether an end inside `paragraph` leaves every level before it as in the whole text.
  func allowsCutInside(_ paragraph: Range<Int>) -> Bool {
    guard direction != .rightToLeft else { return false }
    return !scalars(in: paragraph).contains(where: Self.mayResolveRightToLeft)
  }

  /// The bytes of the paragraph holding byte `offset`, its separator excluded. Pango's
  /// separators: LF, CR, CR LF, U+2029.
  func paragraphBounds(around offset: Int) -> Range<Int> {
    var start = offset
    while start > 0 && !isSeparator(endingAt: start) { start -= 1 }
    var end = offset
    while end < text.count && !isSeparator(startingAt: end) { end += 1 }
    return start..<end
  }

  private func isSeparator(startingAt index: Int) -> Bool {
    let byte = text[index]
    if byte == 0x0A || byte == 0x0D { return true }
    return byte == 0xE2 && index + 2 < text.count && text[index + 1] == 0x80
      && text[index + 2] == 0xA9
  }

  private func isSeparator(endingAt index: Int) -> Bool {
    let byte = text[index - 1]
    if byte == 0x0A || byte == 0x0D { return true }
    return index >= 3 && byte == 0xA9 && text[index - 2] == 0x80 && text[index - 3] == 0xE2
  }

  private func scalarStart(atOrAfter offset: Int) -> Int {
    var index = min(max(offset, 0), text.count)
    while index < text.count && text[index] & 0xC0 == 0x80 { index += 1 }
    return index
  }

  /// The scalars of `range` (which starts and ends on scalar boundaries) with their ends.
  private func scalars(in range: Range<Int>) -> AnyIterator<(scalar: UInt32, end: Int)> {
    var index = range.lowerBound
    return AnyIterator {
      guard index < range.upperBound else { return nil }
      let lead = text[index]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
      for offset in 1..<max(length, 1) where index + offset < text.count {
        value = value << 6 | UInt32(text[index + offset] & 0x3F)
      }
      index = min(index + length, text.count)
      return (value, index)
    }
  }

  private func hasRealScript(_ range: Range<Int>) -> Bool {
    scalars(in: range).contains { Self.isRealScript($0.scalar) }
  }

  private func endOfFirstRealScript(in range: Range<Int>) -> Int? {
    scalars(in: range).first { Self.isRealScript($0.scalar) }?.end
  }

  /// Whether Pango's script itemizer treats the scalar as a script of its own: not Common,
  /// Inherited or Unknown (`g_unichar_get_script`, the table `pango_script_iter` reads).
  static func isRealScript(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 {
      return (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
    }
    let script = g_unichar_get_script(scalar)
    return script.rawValue > G_UNICODE_SCRIPT_INHERITED.rawValue
      && script != G_UNICODE_SCRIPT_UNKNOWN
  }

  /// Whether the scalar may give a right-to-left level to anything: the right-to-left blocks
  /// (classes R, AL and the Arabic digits' AN lie inside them, with room to spare), the
  /// right-to-left mark, and every explicit embedding, override and isolate control.
  static func mayResolveRightToLeft(_ element: (scalar: UInt32, end: Int)) -> Bool {
    let scalar = element.scalar
    guard scalar >= 0x0590 else { return false }
    if scalar == 0x200F || (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
    {
      return true
    }
    guard let unicode = Unicode.Scalar(scalar) else { return false }
    return Layouter.isRightToLeftLetter(unicode)
  }
}

extension Layouter {
  /// Lines past line N + 1 that a bounded prefix must still fill: whatever its end changes
  /// locally stays in these.
  static let boundedPrefixMarginLines = 3
  /// The first prefix tried, in bytes per line needed: a line of the narrowest common glyphs
  /// (a fifth of an em) in two-byte characters, so that the first try nearly always suffices.
  static func initialPrefixBytes(lines: Int, width: Double, pointSize: Double) -> Int {
    let characters = width / max(0.2 * pointSize, 0.01)
    return max(1024, Int(min(Double(1 << 30), Double(lines) * characters * 2)))
  }
  /// How much longer each try is than the one before.
  static let prefixGrowth = 4

  /// The body a collapsed render reads, whose first N + 1 lines, break attributes and line count
  /// past N are the whole text's: a layout of a bounded prefix (``BoundedPrefix``) that holds
  /// ``boundedPrefixMarginLines`` more lines, or the whole text when no shorter prefix does.
  /// Its cost follows the width and the line limit, not the text's length.
  mutating func collapsedBody() throws(RenderError) -> TextLayout {
    let needed = component.lineLimit + 1 + Self.boundedPrefixMarginLines
    let prefix = BoundedPrefix(text: text, direction: component.direction)
    // Never first past the paragraph limit: a prefix over it is refused as the whole text is.
    var length =
      firstPrefixBytes
      ?? min(
        Self.initialPrefixBytes(
          lines: needed, width: options.contentWidth, pointSize: font.pointSize),
        paragraphCharacterLimit)
    while length < text.count {
      let end = prefix.end(atLeast: length)
      guard end < text.count else { break }
      let layout = try layoutText(Array(text[..<end]))
      if layout.lines.count >= needed { return layout }
      let grown = max(end, 1) * Self.prefixGrowth
      length = end < paragraphCharacterLimit ? min(grown, paragraphCharacterLimit) : grown
    }
    return try wholeTextLayout()
  }
}

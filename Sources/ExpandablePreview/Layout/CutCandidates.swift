internal import CPangoCairo

/// Where the ellipsis style may cut a text, longest first. A cut ends a `Character` (an
/// extended grapheme cluster) where Pango also lets the cursor stand: the stricter of the two,
/// since Pango allows a cursor before Thai SARA AM, which Unicode keeps with the letter before
/// it. With `wordsOnly` it also ends a word or is a line break opportunity. Whitespace
/// characters before a cut are trimmed from what is kept.
struct CutCandidates {
  /// Kept lengths in UTF-8 bytes, longest first, without repeats; the last is 0.
  let keptBytes: [Int]

  /// The candidates among the first `limit` bytes of `text`, read with `attributes`, Pango's
  /// log attributes of the whole text (one per Unicode scalar and one for the end).
  init(
    text: String, upTo limit: Int, wordsOnly: Bool,
    attributes: UnsafeBufferPointer<PangoLogAttr>
  ) {
    var kept = [0]
    var bytes = 0
    var scalars = 0
    var lastInk = 0
    for character in text {
      bytes += character.utf8.count
      guard bytes <= limit else { break }
      scalars += character.unicodeScalars.count
      if !character.unicodeScalars.allSatisfy(\.properties.isWhitespace) { lastInk = bytes }
      guard scalars < attributes.count, attributes[scalars].is_cursor_position != 0 else {
        continue
      }
      let attribute = attributes[scalars]
      if wordsOnly && attribute.is_word_end == 0 && attribute.is_line_break == 0 { continue }
      if lastInk != kept.last { kept.append(lastInk) }
    }
    keptBytes = kept.reversed()
  }
}

internal import CPangoCairo

/// Texts whose whole layout costs Pango far more time than their length suggests, refused
/// before it starts. Pango's time grows with the square of a paragraph's longest run without a
/// line break opportunity (each wrapped line shapes the rest of the run again) and with the
/// square of the count of paragraphs; Documentation/Robustness.md has the measurements
/// (`bench --shapes`). A collapsed render lays out a bounded prefix and never needs this; the
/// expanded state, and a collapsed one that finds no shorter prefix, lay out the whole text.
extension Layouter {
  /// Throws a configuration error naming the limit when the whole text breaks either.
  func checkWholeLayoutCost() throws(RenderError) {
    let paragraphs = Self.paragraphCount(text)
    guard paragraphs <= RenderLimits.maxLaidOutParagraphs else {
      throw .configuration(
        ConfigurationError(
          "the text has \(paragraphs) paragraphs; a text laid out whole (the expanded state) "
            + "may have at most \(RenderLimits.maxLaidOutParagraphs), as Pango's time grows "
            + "with the square of their count"))
    }
    let run = longestUnbreakableRun()
    guard run <= RenderLimits.maxUnbreakableCharacters else {
      throw .configuration(
        ConfigurationError(
          "the text has \(run) characters in a row without a line break opportunity; a text "
            + "laid out whole (the expanded state) may have at most "
            + "\(RenderLimits.maxUnbreakableCharacters), as Pango's time grows with the square "
            + "of that run; add spaces or line breaks"))
    }
  }

  /// Paragraphs as Pango counts them: separated by LF, CR, CR LF or U+2029.
  static func paragraphCount(_ text: [UInt8]) -> Int {
    var count = 1
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == 0x0A || (byte == 0x0D && (index + 1 == text.count || text[index + 1] != 0x0A))
        || (byte == 0xE2 && index + 2 < text.count && text[index + 1] == 0x80
          && text[index + 2] == 0xA9)
      {
        count += 1
      }
      index += 1
    }
    return count
  }

  /// The most characters between two line break opportunities, from Pango's break attributes
  /// of the whole text with its script tailoring (`pango_get_log_attrs`), in linear time.
  func longestUnbreakableRun() -> Int {
    guard !text.isEmpty else { return 0 }
    let characters = String(decoding: text, as: UTF8.self).unicodeScalars.count
    var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: characters + 1)
    text.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        attributes.withUnsafeMutableBufferPointer { buffer in
          context.withPangoLanguage { language in
            pango_get_log_attrs(
              chars.baseAddress, Int32(chars.count), -1, language, buffer.baseAddress,
              Int32(buffer.count))
          }
        }
      }
    }
    var longest = 0
    var run = 0
    for attribute in attributes.dropFirst() {
      run += 1
      longest = max(longest, run)
      if attribute.is_line_break != 0 || attribute.is_mandatory_break != 0 { run = 0 }
    }
    return longest
  }
}

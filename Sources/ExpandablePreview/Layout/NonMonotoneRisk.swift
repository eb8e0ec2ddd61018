internal import CPangoCairo

/// When the galloping search may stop short. It assumes that a longer prefix never takes fewer
/// lines than a shorter one, as greedy wrapping of fixed glyphs guarantees. A longer prefix can
/// still take fewer lines where it changes what comes before it: the break opportunities of
/// dictionary-broken scripts, the joining forms and order of right-to-left text, or where a line
/// is wrapped inside a word (no break opportunity, Pango wraps by character). The check reads
/// only the whole text's layout (lines N − 1 … N + 1), the ellipsis and the label; a false alarm
/// costs layouts, a miss costs exactness, so it errs wide (the random tests hold it to 0 misses).
extension Layouter {
  /// The index of the longest candidate that could fit at all, assuming, as the search does,
  /// that the lines above line N stay as they are: the prediction's measure, with room for
  /// one more Character (the widest on lines N and N + 1), whose shape may change at the cut.
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
    return try predictedCut(full, candidates: candidates, slack: widest)
  }

  /// Whether a longer prefix than the search's answer might fit again.
  func lineCountMayBeNonMonotone(_ full: TextLayout) -> Bool {
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
    return full.lines[first...last].contains(where: \.isRightToLeft)
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

/// Text quoted in a message or a report with a cut: a committed record's text may be as long
/// as a file can be, and every place that quotes it keeps a bounded part, saying how much it
/// left out.
package enum TextCut {
  /// `text` when it has at most `keeping` Characters; else its first `keeping` Characters and
  /// "… (N more characters)".
  package static func head(_ text: String, keeping: Int) -> String {
    guard let end = text.index(text.startIndex, offsetBy: keeping, limitedBy: text.endIndex),
      end != text.endIndex
    else { return text }
    return String(text[..<end]) + "… (\(text[end...].count) more characters)"
  }

  /// `text` when it has at most `keeping` Characters; else "…" and its last `keeping`.
  package static func tail(_ text: String, keeping: Int) -> String {
    guard let start = text.index(text.endIndex, offsetBy: -keeping, limitedBy: text.startIndex),
      start != text.startIndex
    else { return text }
    return "…" + String(text[start...])
  }

  /// `text` when it has at most `keeping` Characters; else its first `keeping` and "…".
  package static func start(_ text: String, keeping: Int) -> String {
    guard let end = text.index(text.startIndex, offsetBy: keeping, limitedBy: text.endIndex),
      end != text.endIndex
    else { return text }
    return String(text[..<end]) + "…"
  }
}

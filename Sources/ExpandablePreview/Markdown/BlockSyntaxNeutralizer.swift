/// Makes cmark-gfm read a text as inline Markdown only, as `AttributedString`'s
/// `inlineOnlyPreservingWhitespace` does: cmark-gfm has no such mode, so before it reads the text
/// every line start that would open a block (heading, quote, list, fence, thematic break, setext
/// underline, HTML block, link reference definition, indented code) is escaped with CommonMark's
/// own means — a backslash before the marker, or a numeric character reference for leading
/// spaces and tabs (which also keeps them, instead of paragraph continuation dropping them).
/// The Markdown itself is still read by cmark-gfm.
enum BlockSyntaxNeutralizer {
  static func neutralize(_ source: String) -> String {
    source.split(separator: "\n", omittingEmptySubsequences: false)
      .map { neutralizeLine(Substring($0)) }
      .joined(separator: "\n")
  }

  static func neutralizeLine(_ line: Substring) -> String {
    var result = ""
    var rest = line[...]
    // Leading whitespace becomes text: no indented code, no continuation that drops it.
    while let first = rest.first, first == " " || first == "\t" {
      result += first == " " ? "&#32;" : "&#9;"
      rest = rest.dropFirst()
    }
    if !result.isEmpty { return result + rest }
    guard let markerOffset = blockMarkerOffset(rest) else { return String(rest) }
    let index = rest.index(rest.startIndex, offsetBy: markerOffset)
    return String(rest[..<index]) + "\\" + rest[index...]
  }

  /// Where to put the backslash, in characters from the line's start, when the line (which
  /// starts with no whitespace) would open a block; nil when it would not.
  static func blockMarkerOffset(_ line: Substring) -> Int? {
    guard let first = line.first else { return nil }
    let chars = Array(line)
    func isSpaceOrEnd(_ index: Int) -> Bool {
      index >= chars.count || chars[index] == " " || chars[index] == "\t"
    }
    switch first {
    case ">": return 0
    case "#":
      let hashes = chars.prefix(while: { $0 == "#" }).count
      return hashes <= 6 && isSpaceOrEnd(hashes) ? 0 : nil
    case "-", "+", "*":
      if isSpaceOrEnd(1) || isThematicBreak(chars) || isSetextUnderline(chars) { return 0 }
      return nil
    case "_": return isThematicBreak(chars) ? 0 : nil
    case "=": return isSetextUnderline(chars) ? 0 : nil
    case "`", "~":
      return chars.prefix(while: { $0 == first }).count >= 3 ? 0 : nil
    case "<":
      // An autolink (`<https://…>`, `<a@b.c>`) stays a link; anything else could open an
      // HTML block.
      let inside = chars.dropFirst().prefix(while: { $0 != ">" })
      let isAutolink =
        inside.count < chars.count - 1 && !inside.contains(" ")
        && (inside.contains(":") || inside.contains("@"))
      return isAutolink ? nil : 0
    case "[":
      guard let close = chars.firstIndex(of: "]"), close + 1 < chars.count,
        chars[close + 1] == ":"
      else { return nil }
      return 0
    default:
      let digits = chars.prefix(while: { $0.isASCII && $0.isNumber }).count
      guard (1...9).contains(digits), digits < chars.count,
        chars[digits] == "." || chars[digits] == ")", isSpaceOrEnd(digits + 1)
      else { return nil }
      return digits
    }
  }

  /// Three or more of the same `*`, `-` or `_`, with only spaces or tabs between.
  static func isThematicBreak(_ chars: [Character]) -> Bool {
    guard let marker = chars.first, "*-_".contains(marker) else { return false }
    let markers = chars.filter { $0 == marker }.count
    return markers >= 3 && chars.allSatisfy { $0 == marker || $0 == " " || $0 == "\t" }
  }

  /// A line of only `=` or only `-` (trailing spaces allowed): it would underline a heading.
  static func isSetextUnderline(_ chars: [Character]) -> Bool {
    guard let marker = chars.first, marker == "=" || marker == "-" else { return false }
    let body = chars.prefix(while: { $0 == marker })
    return chars.dropFirst(body.count).allSatisfy { $0 == " " || $0 == "\t" }
  }
}

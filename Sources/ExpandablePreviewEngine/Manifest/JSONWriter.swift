/// Writes a ``JSONNode`` back as JSON text: the workbench's "Copy as manifest item". Members
/// keep their order; numbers keep their spelling; strings escape what JSON requires.
package enum JSONWriter {
  /// `node` as JSON; the top-level object's members one per line when `pretty`.
  package static func text(_ node: JSONNode, pretty: Bool = false) -> String {
    switch node.value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(_, let spelling): return spelling
    case .string(let text): return quoted(text)
    case .array(let elements):
      return "[" + elements.map { self.text($0) }.joined(separator: ", ") + "]"
    case .object(let members):
      let parts = members.map { quoted($0.key) + ": " + self.text($0.value) }
      if pretty && !parts.isEmpty {
        return "{\n" + parts.map { "  " + $0 }.joined(separator: ",\n") + "\n}"
      }
      return "{" + parts.joined(separator: ", ") + "}"
    }
  }

  /// `text` as a JSON string literal (line and paragraph separators escaped too, so the text
  /// can be pasted into JavaScript).
  static func quoted(_ text: String) -> String {
    QuotedLiteral.quoted(
      text, needsEscape: { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 },
      unicodeEscape: { scalar in
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      })
  }
}

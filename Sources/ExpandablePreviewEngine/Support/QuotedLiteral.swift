/// A string as a quoted literal of a language with C-like escapes (JSON, Swift): `"`, `\`,
/// newline, return and tab by their short escapes, the other scalars the language needs
/// escaped by its Unicode escape. The JSON writer and the workbench's "Copy as Swift" share it.
package enum QuotedLiteral {
  /// - Parameters:
  ///   - needsEscape: whether a scalar (besides the five above) must be escaped.
  ///   - unicodeEscape: the language's escape of such a scalar.
  package static func quoted(
    _ text: String, needsEscape: (Unicode.Scalar) -> Bool,
    unicodeEscape: (Unicode.Scalar) -> String
  ) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where needsEscape(scalar): result += unicodeEscape(scalar)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

/// Text made safe inside XML and HTML elements and quoted attributes: the one escaping the SVG
/// links, the reports and the gallery share.
/// Scalar by scalar, not Character by Character: a parser reads code points, so a quote followed
/// by a combining mark (one Character to Swift) still ends an attribute and must be escaped.
package enum XMLText {
  package static func escaped(_ text: String) -> String {
    var escaped = String.UnicodeScalarView()
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
      case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
      case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
      case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
      case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }
}

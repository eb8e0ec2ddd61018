import ExpandablePreviewSupport

/// Escaping for HTML and XML text, attribute values and relative links; shared by the reports
/// and the gallery so every page escapes the same way.
public enum Markup {
  /// Text safe inside elements and quoted attributes, with what XML 1.0 cannot carry made
  /// visible (`VisibleText`).
  public static func escape(_ text: String) -> String {
    // Printable ASCII without a character to escape stays as it is (most names and files):
    // checked byte by byte, which is much cheaper than the two passes over characters.
    if text.utf8.allSatisfy(isPlain) { return text }
    return XMLText.escaped(VisibleText.of(text))
  }

  /// A byte of printable ASCII that neither escaping nor `VisibleText` changes.
  private static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
      UInt8(ascii: "'"):
      false
    default: byte >= 0x20 && byte < 0x7F
    }
  }

  /// A relative path as a URL: in each segment every byte outside `A-Z a-z 0-9 - . _ ~ @` is
  /// percent-encoded, so names with spaces, `#`, `?` or `%` still point at their files.
  public static func link(_ path: String) -> String {
    // Nothing to encode: the path as it is.
    if path.utf8.allSatisfy({ isUnreserved($0) || $0 == UInt8(ascii: "/") }) { return path }
    return path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      var encoded = ""
      for byte in segment.utf8 {
        if isUnreserved(byte) {
          encoded.append(Character(Unicode.Scalar(byte)))
        } else {
          let hex = String(byte, radix: 16, uppercase: true)
          encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
        }
      }
      return encoded
    }.joined(separator: "/")
  }

  /// A byte a link keeps as it is: `A-Z a-z 0-9 - . _ ~ @`.
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
      true
    default: false
    }
  }

  /// ``escape(_:)``, each “quoted” text inside a `<bdi>`: a right-to-left text in
  /// "“old” → “new”" then keeps its place, and so do the arrow and the other side.
  public static func escapeIsolatingQuotes(_ text: String) -> String {
    var html = ""
    var rest = Substring(escape(text))
    while let open = rest.firstIndex(of: "“"),
      let close = rest[rest.index(after: open)...].firstIndex(of: "”")
    {
      html += rest[...open] + "<bdi>" + rest[rest.index(after: open)..<close] + "</bdi>"
      rest = rest[close...]
    }
    return html + rest
  }
}

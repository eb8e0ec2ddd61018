import ExpandablePreviewSupport

/// Escaping for HTML and XML text, attribute values and relative links; shared by the reports
/// and the gallery so every page escapes the same way.
public enum Markup {
  /// Text safe inside elements and quoted attributes, with what XML 1.0 cannot carry made
  /// visible (`VisibleText`).
  public static func escape(_ text: String) -> String {
    XMLText.escaped(VisibleText.of(text))
  }

  /// A relative path as a URL: in each segment every byte outside `A-Z a-z 0-9 - . _ ~ @` is
  /// percent-encoded, so names with spaces, `#`, `?` or `%` still point at their files.
  public static func link(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      var encoded = ""
      for byte in segment.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
          UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
          encoded.append(Character(Unicode.Scalar(byte)))
        default:
          let hex = String(byte, radix: 16, uppercase: true)
          encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
        }
      }
      return encoded
    }.joined(separator: "/")
  }
}

/// Escaping for the gallery page.
enum HTMLText {
  /// Text safe inside elements and quoted attributes.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// A relative URL from path segments: every byte outside `A-Z a-z 0-9 - . _ ~ @` is
  /// percent-encoded, so names with spaces, `#`, `?` or `%` still point at their files.
  static func relativeURL(_ segments: String...) -> String {
    segments.map { segment in
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

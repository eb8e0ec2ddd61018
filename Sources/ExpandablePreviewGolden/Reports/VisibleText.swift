extension Markup {
  /// `text` with every character that XML 1.0 or a terminal cannot carry made visible, so a
  /// name read from disk or a manifest can neither break `junit.xml` nor move the cursor:
  /// C0 controls (but tab and line feed) and DEL become their Control Pictures (ESC as `␛`,
  /// U+241B); C1 controls and Unicode noncharacters (U+FFFE, U+FFFF, U+FDD0…) become `\u{…}`.
  public static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if !needsReplacing(scalar) {
        result.unicodeScalars.append(scalar)
      } else if scalar.value < 0x20 {
        result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
      } else if scalar.value == 0x7F {
        result += "\u{2421}"
      } else {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// Whether `scalar` is one ``visible(_:)`` replaces.
  public static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F: true
    default: scalar.properties.isNoncharacterCodePoint
    }
  }
}

/// Text as a terminal or an XML file can show it safely.
package enum VisibleText {
  /// `text` with every character that XML 1.0 or a terminal cannot carry made visible, so a
  /// name read from disk or a manifest can neither break `junit.xml` nor move the cursor:
  /// C0 controls (but tab and line feed) and DEL become their Control Pictures (ESC as `␛`,
  /// U+241B); C1 controls, Unicode noncharacters (U+FFFE, U+FFFF, U+FDD0…) and the bidi
  /// controls (U+202A…U+202E, U+2066…U+2069, U+200E, U+200F, U+061C, which would show a name
  /// reversed, the rest of the line with it) become `\u{…}`.
  package static func of(_ text: String) -> String {
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

  /// Whether `scalar` is one ``of(_:)`` replaces.
  package static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: scalar.properties.isNoncharacterCodePoint
    }
  }
}

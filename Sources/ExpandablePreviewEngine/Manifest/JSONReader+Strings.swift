/// Strings: escapes, surrogate pairs and the bytes JSON forbids inside quotes.
extension JSONReader {
  mutating func readString() throws(JSONSyntaxError) -> String {
    index += 1  // opening quote
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ reader: JSONReader, upTo end: Int, into scalars: inout String.UnicodeScalarView)
      throws(JSONSyntaxError)
    {
      guard runStart < end else { return }
      guard let run = String(validating: reader.bytes[runStart..<end], as: UTF8.self) else {
        throw JSONSyntaxError(offset: runStart, message: "invalid UTF-8 in string")
      }
      scalars.append(contentsOf: run.unicodeScalars)
    }
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        if scalars.isEmpty {
          // No escape before the end (most strings): the bytes are the string.
          guard let string = String(validating: bytes[runStart..<index], as: UTF8.self) else {
            throw JSONSyntaxError(offset: runStart, message: "invalid UTF-8 in string")
          }
          index += 1
          return string
        }
        try flush(self, upTo: index, into: &scalars)
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flush(self, upTo: index, into: &scalars)
        scalars.append(try readEscape())
        runStart = index
      case 0x00..<0x20:
        throw error("control character in string; write it as an escape such as \\n")
      default:
        index += 1
      }
    }
  }

  /// Reads `\x` or `\uXXXX` (with surrogate pairs) starting at the backslash.
  private mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = index
    index += 1
    guard index < bytes.count else { throw error("unterminated escape") }
    let letter = bytes[index]
    index += 1
    switch letter {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try readHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw JSONSyntaxError(offset: start, message: "unpaired surrogate escape")
        }
        index += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw JSONSyntaxError(offset: start, message: "unpaired surrogate escape")
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw JSONSyntaxError(offset: start, message: "unpaired surrogate escape")
      }
      return scalar
    default:
      throw JSONSyntaxError(offset: start, message: "invalid escape in string")
    }
  }

  private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw error("expected four hex digits after \\u")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}

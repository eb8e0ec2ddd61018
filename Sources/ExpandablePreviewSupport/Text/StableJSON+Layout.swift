import Foundation

extension StableJSON {
  /// `json` without the whitespace between tokens (strings kept byte for byte), ending in a
  /// newline when it did: a pretty-printed file on one line.
  package static func compacted(_ json: Data) -> Data {
    var output: [UInt8] = []
    output.reserveCapacity(json.count)
    var strings = JSONStrings()
    for byte in json {
      if strings.holds(byte) {
        output.append(byte)
        continue
      }
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
      default: output.append(byte)
      }
    }
    if json.last == UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
    return Data(output)
  }

  /// Compact JSON laid out as ``data(_:)`` writes it (two-space indents, `"key" : value`, `[]`
  /// and `{}` for empty containers), ending in a newline when it did: the inverse of
  /// ``compacted(_:)`` on what ``data(_:)`` wrote.
  package static func indented(_ json: Data) -> Data {
    let bytes = [UInt8](json)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 2)
    var depth = 0
    var strings = JSONStrings()
    func newline() {
      output.append(UInt8(ascii: "\n"))
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if strings.holds(byte) {
        output.append(byte)
        continue
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        output.append(byte)
        // An empty container stays on its line.
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]")
        {
          output.append(bytes[index])
          index += 1
        } else {
          depth += 1
          newline()
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        newline()
        output.append(byte)
      case UInt8(ascii: ","):
        output.append(byte)
        newline()
      case UInt8(ascii: ":"):
        output.append(contentsOf: [UInt8(ascii: " "), byte, UInt8(ascii: " ")])
      case UInt8(ascii: "\n"):
        if index == bytes.count { output.append(byte) }
      default: output.append(byte)
      }
    }
    return Data(output)
  }
}

/// Tells the bytes of JSON's strings (quotes and escapes included), which both layouts copy
/// as they are, from the bytes between tokens, which they lay out.
private struct JSONStrings {
  private var inString = false
  private var escaped = false

  /// Whether `byte`, the next byte of the text, belongs to a string.
  mutating func holds(_ byte: UInt8) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return true
    }
    inString = byte == UInt8(ascii: "\"")
    return inString
  }
}

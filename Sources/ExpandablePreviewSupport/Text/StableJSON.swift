import Foundation

/// The one writer of the package's human-read JSON files (layout records, `layout.json`,
/// fingerprints, reports): sorted keys, pretty printed, slashes as they are, a final newline,
/// so equal values give equal bytes.
package enum StableJSON {
  /// `value` as stable JSON. Foundation's pretty printer writes an empty array or object over
  /// three lines (`[`, an empty line, `]`); it is written `[]` or `{}` here.
  package static func data(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var data = collapsingEmptyContainers(try encoder.encode(value))
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// `value` as stable JSON on one line (sorted keys, slashes as they are, a final newline):
  /// for files kept in Git by the thousand, where a pretty printer's indentation is most of
  /// the bytes.
  package static func compactData(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// Rewrites every `[` or `{` followed by nothing but line breaks and spaces up to its closing
  /// bracket as `[]` or `{}`. Sound on any JSON text: a line break inside a string is always
  /// escaped (`\n`), so a raw one lies between tokens, and an opening bracket followed only by
  /// whitespace and a closing one is an empty container.
  package static func collapsingEmptyContainers(_ json: Data) -> Data {
    let bytes = [UInt8](json)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      output.append(byte)
      index += 1
      if inString {
        if byte == UInt8(ascii: "\\") {
          // An escape: the next byte is never the string's end.
          if index < bytes.count { output.append(bytes[index]) }
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        continue
      }
      guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
      var next = index
      while next < bytes.count, bytes[next] == 0x0A || bytes[next] == 0x20 { next += 1 }
      let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
      if next > index, next < bytes.count, bytes[next] == closing {
        output.append(closing)
        index = next + 1
      }
    }
    return Data(output)
  }
}

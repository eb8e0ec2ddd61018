import Foundation

/// Makes Cairo's SVG ids the same on every run. Cairo names groups and embedded bitmaps
/// (`surface34`, `image50`) after a counter shared by every surface of the process, so the
/// same render gets other numbers after other renders or on another thread. Its other ids
/// (`glyph0-1`, `linear0`, `mask0`, `clip1`) count within the document and are stable already.
/// Each `surfaceN` and `imageN` is renumbered in order of first appearance, its references
/// (`#surfaceN`) with it.
enum SVGIdentifiers {
  static let prefixes = ["surface", "image"]

  static func canonical(_ svg: Data) -> Data {
    let bytes = [UInt8](svg)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var numbers: [String: [String: Int]] = [:]  // prefix → old number → new number
    var index = 0
    while index < bytes.count {
      // Only `id="…` and `#…` (references) are rewritten; text is glyph outlines, never words.
      let quote = bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "#")
      if quote, let (prefix, digits) = identifier(in: bytes, at: index + 1) {
        output.append(bytes[index])
        var table = numbers[prefix, default: [:]]
        let new = table[digits] ?? (table.count + 1)
        table[digits] = new
        numbers[prefix] = table
        output += Array((prefix + String(new)).utf8)
        index += 1 + prefix.utf8.count + digits.utf8.count
        continue
      }
      output.append(bytes[index])
      index += 1
    }
    return Data(output)
  }

  /// A prefix followed by decimal digits starting at `start`, ending before a non-word byte.
  private static func identifier(in bytes: [UInt8], at start: Int) -> (String, String)? {
    for prefix in prefixes {
      let word = Array(prefix.utf8)
      guard start + word.count < bytes.count, Array(bytes[start..<start + word.count]) == word
      else { continue }
      var end = start + word.count
      while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
        end += 1
      }
      guard end > start + word.count, end < bytes.count,
        bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: ")")
      else { continue }
      return (prefix, String(decoding: bytes[(start + word.count)..<end], as: UTF8.self))
    }
    return nil
  }
}

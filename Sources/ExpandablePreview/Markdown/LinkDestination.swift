/// A link's destination as a URL may hold it: cmark-gfm hands it back as typed (after
/// unescaping), so `[a](<https://e.com/a b>)` gives `https://e.com/a b`, where SwiftUI's `URL`
/// holds `https://e.com/a%20b`. Every byte RFC 3986 does not allow in a URI (spaces, controls,
/// `"<>\^`{|}`, non-ASCII as its UTF-8 bytes) becomes `%XX` with upper-case hex; a `%` that
/// already starts an escape stays, so an encoded URL is left as it is.
enum LinkDestination {
  static func percentEncoded(_ url: String) -> String {
    let bytes = Array(url.utf8)
    guard bytes.indices.contains(where: { needsEscape(bytes, at: $0) }) else { return url }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 16)
    for index in bytes.indices {
      let byte = bytes[index]
      if needsEscape(bytes, at: index) {
        output += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
      } else {
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// RFC 3986's unreserved and reserved characters, indexed by ASCII byte.
  private static let allowed: [Bool] = {
    var table = [Bool](repeating: false, count: 128)
    let characters =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
    for byte in characters.utf8 { table[Int(byte)] = true }
    return table
  }()

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
      UInt8(ascii: "a")...UInt8(ascii: "f"):
      true
    default: false
    }
  }

  /// Whether the byte at `index` must be written as `%XX`.
  private static func needsEscape(_ bytes: [UInt8], at index: Int) -> Bool {
    let byte = bytes[index]
    if byte == UInt8(ascii: "%") {
      return
        !(index + 2 < bytes.count && isHexDigit(bytes[index + 1])
        && isHexDigit(bytes[index + 2]))
    }
    return byte >= 128 || !allowed[Int(byte)]
  }
}

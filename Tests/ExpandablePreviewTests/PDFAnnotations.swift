import Foundation

/// The link annotations of a PDF, read from the text of `qpdf --qdf --object-streams=disable`
/// (every object uncompressed, one token a line): each `/Subtype /Link` object's `/URI`, its
/// `/Rect` and its `/QuadPoints` as rectangles, in the page's bottom-up points.
struct PDFAnnotations {
  struct Link: Equatable {
    var uri: String
    var rect: PDFBox
    var quads: [PDFBox]
  }

  /// A rectangle as its corners' extremes.
  struct PDFBox: Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    func covers(_ other: PDFBox, tolerance: Double) -> Bool {
      minX <= other.minX + tolerance && minY <= other.minY + tolerance
        && maxX >= other.maxX - tolerance && maxY >= other.maxY - tolerance
    }

    func isClose(to other: PDFBox, tolerance: Double) -> Bool {
      covers(other, tolerance: tolerance) && other.covers(self, tolerance: tolerance)
    }
  }

  let links: [Link]
  /// How many `/Annots` arrays the document has (pages with annotations).
  let annotsArrays: Int

  init(qdf text: String) throws {
    let objects = text.components(separatedBy: "endobj")
    annotsArrays = objects.filter { $0.contains("/Annots") }.count
    links = try objects.filter { $0.contains("/Subtype /Link") }.map { object in
      guard let uri = Self.string(after: "/URI ", in: object) else {
        throw ParseError(message: "a /Link without /URI: \(object)")
      }
      guard let rect = Self.numbers(after: "/Rect [", in: object), rect.count == 4 else {
        throw ParseError(message: "a /Link without /Rect: \(object)")
      }
      let points = Self.numbers(after: "/QuadPoints [", in: object) ?? []
      let quads = stride(from: 0, to: points.count - 7, by: 8).map { start in
        let xs = stride(from: start, to: start + 8, by: 2).map { points[$0] }
        let ys = stride(from: start + 1, to: start + 8, by: 2).map { points[$0] }
        return PDFBox(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
      }
      return Link(
        uri: uri,
        rect: PDFBox(
          minX: min(rect[0], rect[2]), minY: min(rect[1], rect[3]), maxX: max(rect[0], rect[2]),
          maxY: max(rect[1], rect[3])),
        quads: quads)
    }
  }

  struct ParseError: Error { let message: String }

  /// The numbers of the array that starts after `key`.
  static func numbers(after key: String, in object: String) -> [Double]? {
    guard let start = object.range(of: key) else { return nil }
    let rest = object[start.upperBound...]
    guard let end = rest.firstIndex(of: "]") else { return nil }
    return rest[..<end].split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
  }

  /// The PDF string after `key`: a literal `(…)` with its escapes, or hex `<…>`.
  static func string(after key: String, in object: String) -> String? {
    guard let start = object.range(of: key) else { return nil }
    let bytes = Array(object[start.upperBound...].utf8)
    guard let first = bytes.first else { return nil }
    if first == UInt8(ascii: "<") {
      let hex = bytes.dropFirst().prefix(while: { $0 != UInt8(ascii: ">") })
      let digits = Array(hex)
      var decoded: [UInt8] = []
      for index in stride(from: 0, to: digits.count - 1, by: 2) {
        guard
          let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
        else { return nil }
        decoded.append(byte)
      }
      return String(decoding: decoded, as: UTF8.self)
    }
    guard first == UInt8(ascii: "(") else { return nil }
    var decoded: [UInt8] = []
    var depth = 1
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
        let next = bytes[index + 1]
        let escapes: [UInt8: UInt8] = [
          UInt8(ascii: "n"): 10, UInt8(ascii: "r"): 13, UInt8(ascii: "t"): 9, UInt8(ascii: "b"): 8,
          UInt8(ascii: "f"): 12,
        ]
        if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
          let octal = bytes[(index + 1)...].prefix(3).prefix(while: {
            (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0)
          })
          decoded.append(UInt8(String(decoding: octal, as: UTF8.self), radix: 8) ?? 0)
          index += 1 + octal.count
          continue
        }
        decoded.append(escapes[next] ?? next)
        index += 2
        continue
      }
      if byte == UInt8(ascii: "(") { depth += 1 }
      if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { return String(decoding: decoded, as: UTF8.self) }
      }
      decoded.append(byte)
      index += 1
    }
    return nil
  }
}

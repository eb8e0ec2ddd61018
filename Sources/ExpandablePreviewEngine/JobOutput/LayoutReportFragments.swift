import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// `layout.json` put together from one piece of text per render (a fragment), so that a job an
/// incremental run skips keeps its piece of the file it wrote before, without its layout being
/// kept, decoded or encoded again. The bytes are those of ``StableJSON`` for the whole report
/// (a test compares the two on many reports): each render is its own stable JSON indented to
/// its depth in the `renders` array.
struct LayoutReportFragments: Sendable, Equatable {
  /// The whole file.
  var data: Data
  /// Where the first render's fragment begins in `data`; fragments follow one another, each
  /// after the previous one and `,\n`.
  var start: Int
  /// Each render's fragment's length in bytes, in the file's order.
  var lengths: [Int]

  /// The fragment of each render, in order.
  var fragments: [Data] {
    var offset = start
    return lengths.map { length in
      defer { offset += length + Self.separator.count }
      return data[offset..<offset + length]
    }
  }

  static let separator = Data(",\n".utf8)
  /// Every line of a render's fragment starts with this: its depth in the report.
  static let indent = Data("    ".utf8)

  /// The file of item `name` made of `fragments` (from ``fragment(of:)``, or kept).
  static func assemble(name: String, fontSet: FontSet, fragments: [Data]) throws
    -> LayoutReportFragments
  {
    // The report without renders holds its empty array once, as `"renders" : []` (a quote
    // inside a string is escaped, so no string holds these bytes); the renders go between
    // the brackets, the keys after it (`schemaVersion`) stay as they are.
    let empty = try StableJSON.data(LayoutReport(name: name, fontSet: fontSet, renders: []))
    guard !fragments.isEmpty else {
      return LayoutReportFragments(data: empty, start: 0, lengths: [])
    }
    let key = Data(#""renders" : []"#.utf8)
    guard let range = empty.range(of: key, options: .backwards) else {
      preconditionFailure("a report holds its renders array")
    }
    var data = Data(empty[..<(range.upperBound - 1)])
    data.append(contentsOf: "\n".utf8)
    let start = data.count
    for (index, fragment) in fragments.enumerated() {
      if index > 0 { data.append(separator) }
      data.append(fragment)
    }
    data.append(contentsOf: "\n  ".utf8)
    data.append(empty[(range.upperBound - 1)...])
    return LayoutReportFragments(data: data, start: start, lengths: fragments.map(\.count))
  }

  /// One render's fragment: its stable JSON (empty containers collapsed) with every line
  /// indented by two levels, without a final line break. Sound because a raw line break only
  /// ever stands between tokens (one in a string is escaped).
  static func fragment(of entry: LayoutReport.Entry) throws -> Data {
    let json = try StableJSON.data(entry).dropLast()
    // Over raw bytes: appending `indent` as `Data` went through Data's byte iterator, which
    // led a cache-fed run's profile (each still's part is made again to check it).
    let indent = [UInt8](Self.indent)
    var fragment = indent
    fragment.reserveCapacity(json.count + json.count / 4)
    json.withUnsafeBytes { bytes in
      var start = 0
      for (offset, byte) in bytes.enumerated() where byte == 0x0A {
        fragment.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...offset]))
        fragment.append(contentsOf: indent)
        start = offset + 1
      }
      fragment.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...]))
    }
    return Data(fragment)
  }

  /// The fragments of `data` as recorded by `start` and `lengths`, or nil when they do not fit
  /// it (each must begin with the indented `{` and end with the indented `}`).
  static func kept(data: Data, start: Int, lengths: [Int]) -> LayoutReportFragments? {
    // Offsets count from the first byte.
    let data = data.startIndex == 0 ? data : Data(data)
    var offset = start
    for length in lengths {
      // Compared before adding: a recorded length near Int.max must not overflow.
      guard offset >= 0, offset <= data.count, length >= 2 * (indent.count + 1),
        length <= data.count - offset,
        data[offset..<offset + indent.count + 1] == indent + Data("{".utf8),
        data[offset + length - indent.count - 1..<offset + length] == indent + Data("}".utf8)
      else { return nil }
      offset += length + separator.count
    }
    return LayoutReportFragments(data: data, start: start, lengths: lengths)
  }
}

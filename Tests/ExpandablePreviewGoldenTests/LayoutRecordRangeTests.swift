import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// Layout records are committed files, read as untrusted input: a number no render produces
/// is refused in plain words naming the key, and the record counts as none (pixels compared
/// only), never a crash.
@Suite struct LayoutRecordRangeTests {
  let recorded = LayoutRecordTests()

  /// `data` with the value at `path` ("still.size.height") replaced by the JSON text `value`.
  static func edited(_ data: Data, at path: String, to value: String) throws -> Data {
    let placeholder = "@@replaced@@"
    func replacing(_ object: Any, _ keys: ArraySlice<Substring>) throws -> Any {
      guard let key = keys.first else { return placeholder }
      var dictionary = try #require(object as? [String: Any])
      dictionary[String(key)] = try replacing(dictionary[String(key)] as Any, keys.dropFirst())
      return dictionary
    }
    let object = try replacing(
      JSONSerialization.jsonObject(with: data), path.split(separator: ".")[...])
    let text = String(
      decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
      as: UTF8.self)
    return Data(text.replacingOccurrences(of: "\"\(placeholder)\"", with: value).utf8)
  }

  @Test func aHugeHeightInTheRecordIsReportedAndComparedByPixels() throws {
    var edited = recorded.base
    edited.text = TestTexts.developer.replacingOccurrences(of: "top 1%", with: "very top 1%")
    for compare in [CompareMode.layout, .both] {
      let result = try recorded.outcome(
        golden: recorded.base, changed: edited, compare: compare,
        editRecord: { $0.still?.size.height = 1e300 })
      guard case .unreadableRecord(let reason) = result.verdict.explanation.layout else {
        Issue.record("explanation \(String(describing: result.verdict.explanation.layout))")
        continue
      }
      #expect(
        reason.hasSuffix("a.layout.json: still.size.height: 1e+300 is out of range (0…1000000)"))
      #expect(!result.passed)
      #expect(!result.summary.contains("DecodingError"))
    }
  }

  @Test(arguments: [
    ("still.size.height", "1e300", "still.size.height: 1e+300 is out of range"),
    ("still.pixelSize.width", "-3", "still.pixelSize.width: -3.0 is out of range"),
    ("still.lines", "-1", "still.lines: -1 is out of range (0…100000000)"),
    ("still.lines", "9223372036854775807", "still.lines: 9223372036854775807 is out of range"),
    // Beyond Int64 the JSON reader itself refuses the number, before any key is known.
    ("still.lines", "9223372036854775808", "it is not valid JSON"),
    ("still.cut", "\"many\"", "the value at 'still.cut' has the wrong type"),
    (
      "still.textFrame.x", "-1e308", "still.textFrame.x: -1e+308 is out of range (-1000000…1000000)"
    ),
  ])
  func aNumberOutsideWhatARenderProducesIsRefusedNamingItsKey(
    key: String, value: String, message: String
  ) throws {
    let folder = try temporaryFolder()
    _ = try recorded.outcome(golden: recorded.base, changed: recorded.base, folder: folder)
    let good = try Data(contentsOf: folder.appendingPathComponent("a.layout.json"))
    let bad = try Self.edited(good, at: key, to: value)
    #expect(bad != good)
    do {
      _ = try LayoutRecord(jsonData: bad)
      Issue.record("\(key) = \(value) was accepted")
    } catch {
      #expect("\(error)".hasPrefix(message), "\(error)")
      #expect(!"\(error)".contains("DecodingError"))
    }
  }

  @Test func aHugeNumberIsWordedWithoutConvertingItToAnInteger() {
    #expect(LayoutChange.height(20, 1e300).description == "height 20 → 1e+300 pt")
    #expect(LayoutChange.width(.nan, 9.3e18).description == "width nan → 9.3e+18 pt")
  }
}

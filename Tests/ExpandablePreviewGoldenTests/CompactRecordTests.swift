import ExpandablePreviewSupport
import Foundation
import Testing

/// A locked folder keeps layout records on one line; moving out lays them out again, byte for
/// byte as `StableJSON.data` wrote them.
@Suite struct CompactRecordTests {
  struct Sample: Encodable {
    var text = "a \"quoted\" {brace}, [bracket]: colon\\ and \n line"
    var empty: [Int] = []
    var nothing: [String: Int] = [:]
    var nested = [["x": 1.5, "y": -2], ["x": 0, "y": 36.306640625]]
    var url = "a/b.png"
  }

  @Test func compactingAndIndentingGiveTheBytesBack() throws {
    let pretty = try StableJSON.data(Sample())
    let compact = StableJSON.compacted(pretty)
    #expect(!compact.dropLast().contains(UInt8(ascii: "\n")))
    #expect(compact.count < pretty.count)
    #expect(compact == (try StableJSON.compactData(Sample())))
    #expect(StableJSON.indented(compact) == pretty)
  }
}

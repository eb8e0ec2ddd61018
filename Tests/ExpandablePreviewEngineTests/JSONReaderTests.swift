import Testing

@testable import ExpandablePreviewEngine

/// The manifest's JSON reader, in process: values, positions, duplicates and depth.
@Suite struct JSONReaderTests {
  private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    try JSONReader.parse(Array(text.utf8))
  }

  private func failure(_ text: String) -> (message: String, position: SourcePosition)? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return (error.message, SourcePosition(offset: error.offset, in: Array(text.utf8)))
    }
  }

  @Test func readsMembersInFileOrderWithTheirOffsets() throws {
    let node = try parse("{\n  \"b\": 1,\n  \"a\": [true, null, \"x\"]\n}")
    guard case .object(let members) = node.value else {
      Issue.record("expected an object, got \(node.value)")
      return
    }
    #expect(members.map(\.key) == ["b", "a"])
    let text = Array("{\n  \"b\": 1,\n  \"a\": [true, null, \"x\"]\n}".utf8)
    #expect(SourcePosition(offset: members[1].keyOffset, in: text).description == "3:3")
    guard case .array(let elements) = members[1].value.value else {
      Issue.record("expected an array")
      return
    }
    #expect(elements.count == 3)
    #expect(SourcePosition(offset: elements[2].offset, in: text).description == "3:21")
  }

  @Test func columnsCountUnicodeScalarsNotBytes() {
    // "tru}" stops at the brace: column 11 in scalars (byte 14).
    let failure = failure("{\"é日\": tru}")
    #expect(failure?.position.description == "1:11")
  }

  @Test func aDuplicateKeyIsReportedAtTheSecondKey() {
    let failure = failure("{\"a\": 1,\n \"a\": 2}")
    #expect(failure?.message == "duplicate key 'a'")
    #expect(failure?.position.description == "2:2")
  }

  @Test func nestingPastTheLimitIsAnErrorNotACrash() {
    let deep =
      String(repeating: "[", count: JSONReader.maxDepth + 1)
      + String(repeating: "]", count: JSONReader.maxDepth + 1)
    #expect(failure(deep)?.message.contains("deep") == true)
    let allowed =
      String(repeating: "[", count: JSONReader.maxDepth)
      + String(repeating: "]", count: JSONReader.maxDepth)
    #expect(failure(allowed) == nil)
  }

  /// Each parsed value costs about 60 bytes, so the count is bounded (25 million numbers in a
  /// 52 MB manifest once peaked at 1.42 GB): one value more than the limit is an error at the
  /// value that passes it; the limit itself is read.
  @Test func moreValuesThanTheLimitAreAnErrorAtTheValueThatPassesIt() {
    let limit = JSONReader.maxValues
    // The array counts as one value, so limit - 1 numbers fill it.
    let allowed = "[" + String(repeating: "0,", count: limit - 2) + "0]"
    #expect(failure(allowed) == nil)
    let over = "[" + String(repeating: "0,", count: limit - 1) + "0]"
    let error = failure(over)
    #expect(
      error?.message == "more than \(limit) values (numbers, strings, arrays, …) in one document")
    #expect(error?.position == SourcePosition(line: 1, column: 2 + 2 * (limit - 1)))
  }

  @Test func trailingContentAfterTheDocumentIsRejected() {
    #expect(failure("{} x")?.message.contains("after the end of the document") == true)
  }

  @Test func numbersKeepTheirSpelling() throws {
    guard case .number(let value, let spelling) = try parse("1.50e2").value else {
      Issue.record("expected a number")
      return
    }
    #expect(value == 150)
    #expect(spelling == "1.50e2")
  }
}

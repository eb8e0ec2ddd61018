import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// The playground's binary answer: a length-prefixed JSON header naming each file's bytes in
/// the payload after it (Documentation/Workbench.md, "The playground's socket").
@Suite struct BinaryAnswerTests {
  struct Header: Encodable {
    var type = "test"
    var files: [BinaryPart]
  }

  @Test func eachPartNamesItsFileBytesAfterTheHeader() throws {
    let files = [
      Data([0x89, 0x50, 0x4E, 0x47, 1, 2]), Data(), Data((0..<300).map { UInt8($0 % 256) }),
    ]
    var payload = BinaryPayload()
    let parts = files.map { payload.append($0) }
    #expect(
      parts == [
        .init(offset: 0, length: 6), .init(offset: 6, length: 0), .init(offset: 6, length: 300),
      ])
    guard
      case .binary(let message) = BinaryAnswer.message(
        header: Header(files: parts), payload: payload)
    else {
      Issue.record("a binary answer was sent as text")
      return
    }
    let read = try BinaryAnswerReading(message)
    #expect(read.header["type"] as? String == "test")
    let named = try #require(read.header["files"] as? [Any])
    #expect(try named.map { try read.bytes(of: $0) } == files)
    // The length prefix is big-endian: the header's JSON starts right after it.
    let length =
      Int(message[0]) << 24 | Int(message[1]) << 16 | Int(message[2]) << 8 | Int(message[3])
    #expect(message[4] == UInt8(ascii: "{"))
    #expect(message.count == 4 + length + 306)
  }
}

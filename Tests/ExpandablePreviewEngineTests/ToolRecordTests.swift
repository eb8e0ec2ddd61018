import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The one scheme of the tool's records: what a folder holds under a record's name decides
/// whether the record is used, replaced or left alone.
@Suite struct ToolRecordTests {
  static func folder() throws -> (URL, FolderHandle) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-tool-record-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return (url, try FolderHandle(path: url.path))
  }

  func file(_ url: URL) -> URL { url.appendingPathComponent(FontCheckRecord.fileName) }

  @Test func anAbsentRecordIsNoneAndAWrittenOneReadsBack() throws {
    let (url, folder) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    guard case .absent = FontCheckRecord.load(in: folder) else {
      Issue.record("an empty folder holds a record")
      return
    }
    var record = FontCheckRecord()
    record.builtSet = "set"
    try record.write(in: folder)
    #expect(FontCheckRecord.own(in: folder) == record)
    #expect(!FontCheckRecord.isForeign(in: folder))
  }

  @Test func anotherVersionIsOwnButNotUsedAndAnotherFileIsForeign() throws {
    let (url, folder) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    let otherVersion = #"{"generator":"\#(FontCheckRecord.generatorMark)","version":99}"#
    try Data(otherVersion.utf8).write(to: file(url))
    guard case .ownButUnusable = FontCheckRecord.load(in: folder) else {
      Issue.record("a record of another version is not the tool's own")
      return
    }
    #expect(!FontCheckRecord.isForeign(in: folder))
    try Data(#"{"notes":"mine"}"#.utf8).write(to: file(url))
    #expect(FontCheckRecord.isForeign(in: folder))
    #expect(FontCheckRecord.read(in: folder) == nil)
  }

  /// A FIFO under the record's name used to be waited on or read as no record, then replaced.
  @Test func aFIFOUnderTheNameIsUnreadableAndLeftAlone() throws {
    let (url, folder) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(mkfifo(file(url).path, 0o644) == 0)
    guard case .unreadable(let reason) = FontCheckRecord.load(in: folder) else {
      Issue.record("a FIFO was read as a record")
      return
    }
    #expect("\(reason)".contains("FIFO"))
    #expect(FontCheckRecord.isForeign(in: folder))
  }
}

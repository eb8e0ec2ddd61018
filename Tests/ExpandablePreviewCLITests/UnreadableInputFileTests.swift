import Foundation
import Testing

/// Every file a user hands over is read once, bounded and only when it is a regular file: a
/// manifest, a `textFile`, the golden key record or a golden that is a FIFO, a device, a folder
/// or far too large is named as what it is, with exit 2 (or as a golden that cannot be read),
/// and promptly: each run has a time limit, so a read that waits on a FIFO fails the test.
@Suite struct UnreadableInputFileTests {
  /// Makes `name` in `scratch` a FIFO, a folder or a sparse 300 MB file; `/dev/zero` is itself.
  static func make(_ kind: String, at name: String, in scratch: Scratch) throws -> String {
    let path = scratch.url.appendingPathComponent(name).path
    switch kind {
    case "fifo": try #require(mkfifo(path, 0o600) == 0)
    case "folder":
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    case "huge":
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.truncate(atOffset: 300 << 20)
      try handle.close()
    default: return kind
    }
    return path
  }

  /// What the error says the file is.
  static let words = [
    "fifo": "is a FIFO (named pipe), not a regular file",
    "/dev/zero": "is a character device, not a regular file",
    "folder": "is a folder, not a regular file",
    "huge": "has more than",
  ]

  @Test(arguments: ["fifo", "/dev/zero", "folder", "huge"])
  func aManifestThatIsNotAReadableFileIsNamedAsWhatItIs(kind: String) throws {
    let scratch = try Scratch()
    let path = try Self.make(kind, at: "m.json", in: scratch)
    let run = try shell(
      "exec \"$0\" render \"$1\" --out out", [path], in: scratch, timeout: 60)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("\(path): the manifest \(Self.words[kind]!)"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
  }

  @Test(arguments: ["fifo", "folder", "huge"])
  func aTextFileThatIsNotAReadableFileIsNamedAsWhatItIs(kind: String) throws {
    let scratch = try Scratch()
    _ = try Self.make(kind, at: "t.txt", in: scratch)
    try scratch.write("m.json", #"{"items": [{"name": "a", "textFile": "t.txt"}]}"#)
    let run = try shell("exec \"$0\" render m.json --out out", [], in: scratch, timeout: 60)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains("m.json:1:38: item 'a', key 'textFile': 't.txt' \(Self.words[kind]!)"),
      "\(run.stderr)")
  }

  @Test func aTextFileNamingADeviceIsNamedAsOne() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", #"{"items": [{"name": "a", "textFile": "/dev/zero"}]}"#)
    let run = try shell("exec \"$0\" render m.json --out out", [], in: scratch, timeout: 60)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains("'/dev/zero' is a character device, not a regular file"),
      "\(run.stderr)")
  }

  @Test func aKeyRecordThatIsAFIFOIsReadAsNoRecord() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let record = fixture.url("snap/" + VerifyFixture.keyRecord).path
    try FileManager.default.removeItem(atPath: record)
    try #require(mkfifo(record, 0o600) == 0)
    let run = try shell(
      "exec \"$0\" verify m.json --snapshots snap --artifacts art --changed", [],
      in: fixture.scratch, timeout: 60)
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func aGoldenReplacedByAFIFOIsCheckedAndNamedNeverWaitedOn() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let golden = fixture.url("snap/a/collapsed@1x.png").path
    try FileManager.default.removeItem(atPath: golden)
    try #require(mkfifo(golden, 0o600) == 0)
    let run = try shell(
      "exec \"$0\" verify m.json --snapshots snap --artifacts art --changed --record never", [],
      in: fixture.scratch, timeout: 60)
    #expect(run.status == 1, "\(run.stderr)")
    let report = try String(contentsOf: fixture.url("art/report.json"), encoding: .utf8)
    #expect(report.contains("is a FIFO (named pipe), not a regular file"), "\(report)")
  }
}

import Foundation
import Testing

/// A file the tool wrote is recorded with the stamp of its own descriptor, taken after the
/// rename: the next run, however soon, does not read it again while it keeps that stamp, and a
/// change after the write (a later clock tick) changes the stamp, so the file is read again.
@Suite struct OwnWriteStampsTests {
  static let recordPath = "out/.expandable-preview-render.json"

  /// The render record of `out` as JSON objects.
  static func record(_ scratch: Scratch) throws -> [String: Any] {
    let data = try Data(contentsOf: scratch.url.appendingPathComponent(recordPath))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aFileThisToolWroteIsNotReadAgainWhileItKeepsItsStamp() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json", IncrementalRenderTests.manifest(texts: IncrementalRenderTests.texts))
    let first = try scratch.run("render", "m.json", "--out", "out")
    #expect(first.stdout.contains("Rendered 6 of 6 files for"), "\(first.stdout)")
    var record = try Self.record(scratch)
    var jobs = try #require(record["jobs"] as? [String: [Any]])
    // Every file and every layout.json has the stamp its write gave it.
    for (path, entry) in jobs {
      for case let file as [Any] in entry.dropFirst(2) {
        #expect(file.count == 3 && file[2] is [Any], "\(path): \(file)")
      }
    }
    let reports = try #require(record["reports"] as? [String: [Any]])
    #expect(reports.count == 3 && reports.values.allSatisfy { $0[1] is [Any] }, "\(reports)")
    // A recorded hash the file does not have: trusted while the file keeps its stamp, so the
    // file was not read again.
    var entry = try #require(jobs["i0/collapsed@1x.png"])
    var file = try #require(entry[2] as? [Any])
    file[1] = String(repeating: "0", count: 64)
    entry[2] = file
    jobs["i0/collapsed@1x.png"] = entry
    record["jobs"] = jobs
    try JSONSerialization.data(withJSONObject: record).write(
      to: scratch.url.appendingPathComponent(Self.recordPath))
    let second = try scratch.run("render", "m.json", "--out", "out")
    #expect(second.stdout.contains("Rendered 0 of 6 files (6 unchanged)"), "\(second.stdout)")
  }

  @Test func aFileChangedAfterTheToolWroteItIsReadAgain() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json", IncrementalRenderTests.manifest(texts: IncrementalRenderTests.texts))
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    // Past the clock tick of the write: any change now gets a later status-change time.
    Thread.sleep(forTimeInterval: 0.05)
    let path = scratch.url.appendingPathComponent("out/i1/expanded@1x.png").path
    let modified = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    let bytes = try handle.readToEnd() ?? Data()
    try handle.seek(toOffset: 0)
    try handle.write(contentsOf: Data(bytes.map { $0 ^ 0xFF }))
    try handle.close()
    // The size and the modification time as they were: only the status-change time tells.
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    let run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.stdout.contains("Rendered 1 of 6 files (5 unchanged)"), "\(run.stdout)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }
}

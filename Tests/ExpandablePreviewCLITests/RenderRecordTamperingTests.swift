import Foundation
import Testing

/// The render record is a file in the output folder anyone can edit: a record that lies is
/// damage, never a crash, never a folder or read outside the output folder, and never a
/// skipped job whose files are not exactly its own.
@Suite struct RenderRecordTamperingTests {
  static let manifest = #"""
    {"defaults":{"width":200,"scale":1,"lineLimit":2},"items":[{"name":"a","text":"Hello world, this is a test of the expandable text component that should truncate."}]}
    """#
  static let recordName = ".expandable-preview-render.json"

  /// A folder with `deep/er/out` rendered once, its record then edited by `edit`.
  static func rendered(edit: (inout [String: Any]) throws -> Void) throws -> Scratch {
    let scratch = try Scratch()
    try scratch.write("m.json", manifest)
    let first = try scratch.runExecutable("render", "m.json", "--out", "deep/er/out", "--quiet")
    try #require(first.status == 0, "\(first.stderr)")
    let file = scratch.url.appendingPathComponent("deep/er/out/" + recordName)
    var record = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    try edit(&record)
    try JSONSerialization.data(withJSONObject: record).write(to: file)
    return scratch
  }

  static func jobs(_ record: [String: Any]) throws -> [String: [Any]] {
    try #require(record["jobs"] as? [String: [Any]])
  }

  @Test func aReportEntryWithAHugeLengthIsDamageAndEverythingIsRenderedAgain() throws {
    let scratch = try Self.rendered { record in
      var reports = try #require(record["reports"] as? [String: [Any]])
      var entry = try #require(reports["a"])
      entry[1] = NSNull()
      entry[4] = [Int.max, 10]
      reports["a"] = entry
      record["reports"] = reports
    }
    let run = try scratch.runExecutable("render", "m.json", "--out", "deep/er/out")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Rendered 2 of 2 files"), "\(run.stdout)")
    #expect(run.stderr.contains(Self.unusableWarning), "\(run.stderr)")
  }

  /// What a run says when the folder's record is the tool's own but cannot be used.
  static let unusableWarning =
    "warning: deep/er/out: the \(recordName) there is of another version of expandable-preview "
    + "or damaged: every job is rendered again"

  @Test func aRecordOfAnotherVersionIsSaidAndEverythingIsRenderedAgain() throws {
    let scratch = try Self.rendered { record in record["version"] = 99 }
    let run = try scratch.runExecutable("render", "m.json", "--out", "deep/er/out")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Rendered 2 of 2 files"), "\(run.stdout)")
    #expect(run.stderr.contains(Self.unusableWarning), "\(run.stderr)")
    // Written anew: the next run uses it and says nothing.
    let again = try scratch.runExecutable("render", "m.json", "--out", "deep/er/out")
    #expect(again.stdout.contains("(2 unchanged)"), "\(again.stdout)")
    #expect(!again.stderr.contains("warning"), "\(again.stderr)")
  }

  @Test func anEntryPathOutsideTheOutputFolderCreatesNothingThereAndRendersTheJob() throws {
    let scratch = try Self.rendered { record in
      var jobs = try Self.jobs(record)
      var entry = try #require(jobs["a/collapsed@1x.png"])
      var file = try #require(entry[2] as? [Any])
      file[0] = "a/../../../ESCAPED/made/collapsed@1x.png"
      entry[2] = file
      jobs["a/collapsed@1x.png"] = entry
      record["jobs"] = jobs
    }
    let run = try scratch.runExecutable("render", "m.json", "--out", "deep/er/out")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent("deep/ESCAPED").path))
    #expect(!run.stdout.contains("(2 unchanged)"), "\(run.stdout)")
  }

  @Test func anEntryNamingAnotherFilesHashesDoesNotKeepACorruptedOutput() throws {
    let scratch = try Self.rendered { record in
      var jobs = try Self.jobs(record)
      let expandedFile = try #require(jobs["a/expanded@1x.png"])[2]
      jobs["a/collapsed@1x.png"]?[2] = expandedFile
      record["jobs"] = jobs
    }
    let output = scratch.url.appendingPathComponent("deep/er/out/a/collapsed@1x.png")
    try Data("garbage".utf8).write(to: output)
    let run = try scratch.runExecutable("render", "m.json", "--out", "deep/er/out")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stdout.contains("collapsed@1x.png (unchanged)"), "\(run.stdout)")
    #expect(try pngSize(Data(contentsOf: output)).width == 200)
  }

  @Test func anOutputReplacedByALinkIsReadThroughNeitherNorKept() throws {
    let scratch = try Self.rendered { _ in }
    let output = scratch.url.appendingPathComponent("deep/er/out/a/expanded@1x.png")
    let elsewhere = scratch.url.appendingPathComponent("elsewhere.png")
    try FileManager.default.moveItem(at: output, to: elsewhere)
    try FileManager.default.createSymbolicLink(at: output, withDestinationURL: elsewhere)
    let run = try scratch.runExecutable("render", "m.json", "--out", "deep/er/out")
    #expect(!run.stdout.contains("expanded@1x.png (unchanged)"), "\(run.stdout)")
  }
}

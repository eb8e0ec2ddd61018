import ExpandablePreviewCLI
import ExpandablePreviewEngine
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// A reviewer's decisions hold: a batch approve leaves out the images rejected (and says how
/// many), undo puts back exactly what was there before the decision (goldens, rejections and
/// their notes, no folder it made), and `verify` tells on its console which failing images a
/// reviewer rejected and why.
@Suite struct ReviewDecisionTests {
  typealias Planted = GoldenReviewTests.Planted
  static let send = ReviewRejectionTests.send
  static let withReview = ReviewRejectionTests.withReview
  static let expanded = "bio/expanded@2x.png"

  /// A manifest whose `bio` item fails in both states and whose `fresh` item has no golden yet.
  static func plantBothStatesAndANewItem(_ planted: Planted) throws {
    let json = """
      {"defaults": {"width": 240, "scale": 2, "lineLimit": 1}, "items": [
        {"name": "bio", "text": "A short bio, changed, and long enough to be cut.", "states": "both"},
        {"name": "same", "text": "Unchanged.", "states": "collapsed"},
        {"name": "fresh", "text": "New here.", "states": "collapsed"}]}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: planted.manifest))
  }

  static func items(_ review: Review) throws -> [[String: Any]] {
    try #require(try ReviewRejectionTests.json(review.state)["items"] as? [[String: Any]])
  }

  static func rejection(_ path: String, in review: Review) throws -> String? {
    try items(review).first { $0["path"] as? String == path }?["rejection"] as? String
  }

  /// Every folder below `folder`, by relative path.
  static func folders(_ folder: URL) -> Set<String> {
    var folders = Set<String>()
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder),
        isFolder.boolValue
      {
        folders.insert(path)
      }
    }
    return folders
  }

  @Test func aBatchApproveLeavesOutARejectedImageAndSaysSo() throws {
    let planted = try Planted()
    defer { planted.remove() }
    try Self.plantBothStatesAndANewItem(planted)
    let expanded = planted.snapshots.appendingPathComponent(Self.expanded)
    try Self.withReview(planted) { review in
      // New in the manifest: no golden yet, and none written while rejected.
      #expect(!FileManager.default.fileExists(atPath: expanded.path))
      #expect(Self.send(review.reject, "\(Self.expanded)\nthe label hides a word").status == 200)
      let answer = Self.send(review.approveBatch, "\(planted.golden)\n\(Self.expanded)")
      #expect(answer.status == 200, "\(answer.text)")
      let state = try ReviewRejectionTests.json(review.state)
      let notice = try #require(state["notice"] as? String)
      #expect(notice.contains("Approved 1 image"), "\(notice)")
      #expect(notice.contains("left out 1 rejected image: \(Self.expanded)"), "\(notice)")
      // The rejected golden is as it was, and still rejected; the other one was approved.
      #expect(!FileManager.default.fileExists(atPath: expanded.path))
      #expect(try Self.rejection(Self.expanded, in: review) == "the label hides a word")
      let paths = try Self.items(review).map { $0["path"] as? String }
      #expect(!paths.contains(planted.golden))
      #expect(state["approved"] as? Int == 1)
      // Only rejected images named: nothing is written, and the answer says why.
      let none = Self.send(review.approveBatch, Self.expanded)
      #expect(none.status == 409)
      #expect(none.text.contains("left out 1 rejected image"), "\(none.text)")
      #expect(!FileManager.default.fileExists(atPath: expanded.path))
    }
  }

  @Test func undoOfAnApproveBringsBackTheRejectionItForgotWithItsNote() throws {
    let planted = try Planted()
    defer { planted.remove() }
    let record = planted.artifacts.appendingPathComponent("review-rejections.json")
    try Self.withReview(planted) { review in
      #expect(Self.send(review.reject, "\(planted.golden)\nthe cut moved").status == 200)
      let rejected = try Data(contentsOf: record)
      let goldens = try planted.files(planted.snapshots)
      #expect(Self.send(review.approve, planted.golden).status == 200)
      #expect(!FileManager.default.fileExists(atPath: record.path))
      #expect(Self.send({ _, respond in review.undo(respond: respond) }, "").status == 200)
      #expect(try planted.files(planted.snapshots) == goldens)
      #expect(try Data(contentsOf: record) == rejected)
      #expect(try Self.rejection(planted.golden, in: review) == "the cut moved")
    }
    // The next verify there still says so.
    #expect(
      runTool([
        "verify", planted.manifest, "--snapshots", planted.snapshots.path, "--artifacts",
        planted.artifacts.path, "--record", "never", "--quiet",
      ]) == 1)
    let report = try ReviewRejectionTests.json(
      Data(contentsOf: planted.artifacts.appendingPathComponent("report.json")))
    let images = try #require(report["images"] as? [[String: Any]])
    let entry = try #require(images.first { $0["path"] as? String == planted.golden })
    #expect(entry["rejection"] as? String == "rejected by reviewer: the cut moved")
  }

  @Test func undoOfARejectPutsBackTheNoteBeforeIt() throws {
    let planted = try Planted()
    defer { planted.remove() }
    let record = planted.artifacts.appendingPathComponent("review-rejections.json")
    try Self.withReview(planted) { review in
      let undo = { Self.send({ _, respond in review.undo(respond: respond) }, "") }
      #expect(Self.send(review.reject, "\(planted.golden)\nfirst note").status == 200)
      let first = try Data(contentsOf: record)
      #expect(Self.send(review.reject, "\(planted.golden)\nsecond note").status == 200)
      let state = try ReviewRejectionTests.json(review.state)
      #expect(state["undo"] as? [String] == [planted.golden])
      #expect(state["undoKind"] as? String == "reject")
      #expect(undo().status == 200)
      #expect(try Data(contentsOf: record) == first)
      #expect(try Self.rejection(planted.golden, in: review) == "first note")
      #expect(undo().status == 200)
      #expect(!FileManager.default.fileExists(atPath: record.path))
      #expect(try Self.rejection(planted.golden, in: review) == nil)
      #expect(undo().status == 409)
    }
  }

  @Test func undoOfANewGoldenLeavesNoFolderItMade() throws {
    let planted = try Planted()
    defer { planted.remove() }
    try Self.plantBothStatesAndANewItem(planted)
    let fresh = "fresh/collapsed@2x.png"
    try Self.withReview(planted) { review in
      let files = try planted.files(planted.snapshots)
      let folders = Self.folders(planted.snapshots)
      #expect(!folders.contains("fresh"))
      #expect(Self.send(review.approve, fresh).status == 200)
      #expect(Self.folders(planted.snapshots).contains("fresh"))
      #expect(Self.send({ _, respond in review.undo(respond: respond) }, "").status == 200)
      #expect(try planted.files(planted.snapshots) == files)
      #expect(Self.folders(planted.snapshots) == folders)
    }
  }

  /// A folder the approve made that holds another file since is left, with that file.
  @Test func undoKeepsAFolderThatHoldsAnotherFileSince() throws {
    let planted = try Planted()
    defer { planted.remove() }
    try Self.plantBothStatesAndANewItem(planted)
    try Self.withReview(planted) { review in
      #expect(Self.send(review.approve, "fresh/collapsed@2x.png").status == 200)
      let mine = planted.snapshots.appendingPathComponent("fresh/notes.txt")
      try Data("mine".utf8).write(to: mine)
      #expect(Self.send({ _, respond in review.undo(respond: respond) }, "").status == 200)
      #expect(try Data(contentsOf: mine) == Data("mine".utf8))
      #expect(
        try FileManager.default.contentsOfDirectory(
          atPath: planted.snapshots.appendingPathComponent("fresh").path) == ["notes.txt"])
    }
  }

  /// `verify`'s standard error names each rejected failure's note under it, its summary says
  /// how many failing images were rejected, and `--json` carries each note.
  @Test func verifysConsoleNamesRejectedImagesAndTheirNotes() throws {
    let planted = try Planted()
    defer { planted.remove() }
    try Self.withReview(planted) { review in
      #expect(Self.send(review.reject, "\(planted.golden)\nthe last word is hidden").status == 200)
    }
    let arguments = [
      "verify", planted.manifest, "--snapshots", planted.snapshots.path, "--artifacts",
      planted.artifacts.path, "--record", "never",
    ]
    let plain = try Self.console(arguments, in: planted.root)
    #expect(plain.status == 1)
    #expect(
      plain.errors.contains("\n  rejected by reviewer: the last word is hidden"), "\(plain.errors)")
    #expect(
      plain.output.contains(
        "1 failing image was rejected by a reviewer: \(planted.golden) (the notes are above and in "
      ), "\(plain.output)")
    let json = try Self.console(arguments + ["--json"], in: planted.root)
    let summary = try ReviewRejectionTests.json(Data(json.output.utf8))
    let failures = try #require(summary["failures"] as? [[String: Any]])
    #expect(
      failures.first?["rejection"] as? String == "rejected by reviewer: the last word is hidden")
    #expect(summary["rejected"] as? [String] == [planted.golden])
  }

  /// Runs the tool in this process: exit status, standard output and standard error.
  static func console(_ arguments: [String], in folder: URL) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let outputFile = folder.appendingPathComponent("standard-output-\(UUID().uuidString)")
    let errorsFile = folder.appendingPathComponent("standard-error-\(UUID().uuidString)")
    let output = open(outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let error = open(errorsFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let status = runTool(
      arguments, streams: ToolStreams(output: output, error: error),
      environment: ProcessInfo.processInfo.environment)
    close(output)
    close(error)
    defer {
      try? FileManager.default.removeItem(at: outputFile)
      try? FileManager.default.removeItem(at: errorsFile)
    }
    return (
      status, try String(contentsOf: outputFile, encoding: .utf8),
      try String(contentsOf: errorsFile, encoding: .utf8)
    )
  }
}

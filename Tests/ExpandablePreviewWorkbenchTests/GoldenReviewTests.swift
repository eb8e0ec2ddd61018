import ExpandablePreviewCLI
import ExpandablePreviewEngine
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// The review's approve writes exactly what `verify --record failed` writes, undo puts every
/// file back, and only a golden the current run lists as failing can be approved.
@Suite struct GoldenReviewTests {
  /// A manifest of one image and a snapshots folder whose golden no longer matches it.
  struct Planted {
    let root: URL
    let manifest: String
    let snapshots: URL
    let golden = "bio/collapsed@2x.png"
    /// Where the review keeps rejections, as `verify --artifacts` would.
    var artifacts: URL { root.appendingPathComponent("artifacts") }

    init() throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("review-\(UInt64.random(in: 0...UInt64.max))")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      manifest = root.appendingPathComponent("manifest.json").path
      snapshots = root.appendingPathComponent("snapshots")
      try write(text: "A short bio.")
      #expect(verify(snapshots, "--record", "missing") == 1)  // recorded: fails once, as new
      try write(text: "A short bio, changed.")
    }

    func write(text: String) throws {
      let json = """
        {"defaults": {"width": 240, "scale": 2}, "items": [
          {"name": "bio", "text": "\(text)", "states": "collapsed"},
          {"name": "same", "text": "Unchanged.", "states": "collapsed"}]}
        """
      try Data(json.utf8).write(to: URL(fileURLWithPath: manifest))
    }

    func verify(_ folder: URL, _ extra: String...) -> Int32 {
      let artifacts = root.appendingPathComponent("artifacts-\(UInt64.random(in: 0...UInt64.max))")
      return runTool(
        ["verify", manifest, "--snapshots", folder.path, "--artifacts", artifacts.path, "--quiet"]
          + extra)
    }

    /// Every file of `folder` by relative path, with its bytes.
    func files(_ folder: URL) throws -> [String: Data] {
      var files: [String: Data] = [:]
      let enumerator = FileManager.default.enumerator(atPath: folder.path)
      while let path = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        let url = folder.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
          !isFolder.boolValue
        {
          files[path] = try Data(contentsOf: url)
        }
      }
      return files
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  @Test func approveWritesWhatVerifyRecordFailedWritesAndUndoRestoresIt() throws {
    let planted = try Planted()
    defer { planted.remove() }
    let before = try planted.files(planted.snapshots)
    let copy = planted.root.appendingPathComponent("copy")
    try FileManager.default.copyItem(at: planted.snapshots, to: copy)

    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 2)
    let listed = review.verify()
    #expect(listed.checked == 2)
    #expect(listed.failures.map(\.path) == [planted.golden])
    let failure = try #require(listed.failures.first)
    #expect(failure.canApprove)
    #expect(failure.expected == before[planted.golden])
    #expect(failure.difference != nil)
    // Listing writes nothing.
    #expect(try planted.files(planted.snapshots) == before)

    let backup = try review.approve(
      planted.golden, goldenAtRun: listed.goldenDigests[planted.golden] ?? nil)
    #expect(planted.verify(copy, "--record", "failed", "--only", "bio") == 1)
    let approved = try planted.files(planted.snapshots)
    #expect(approved == (try planted.files(copy)))
    #expect(approved[planted.golden] == failure.actual)
    #expect(approved["fingerprint.json"] != nil)
    #expect(review.verify(path: planted.golden)?.failures.isEmpty == true)

    try backup.restore()
    #expect(try planted.files(planted.snapshots) == before)
    #expect(review.verify(path: planted.golden)?.failures.count == 1)
  }

  @Test func onlyAGoldenTheCurrentRunListsAsFailingCanBeApproved() throws {
    let planted = try Planted()
    defer { planted.remove() }
    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 1)
    var decisions = VerifyReview(artifacts: planted.root.appendingPathComponent("artifacts").path)
    #expect(decisions.refusal(toApprove: planted.golden) != nil)  // no run yet
    try decisions.show(review.verify(), checkedBy: review)
    #expect(decisions.refusal(toApprove: planted.golden) == nil)
    for path in ["same/collapsed@2x.png", "../outside.png", "bio/expanded@2x.png", ""] {
      let refusal = try #require(decisions.refusal(toApprove: path))
      #expect(refusal.contains("not among the images the current verify run lists as failing"))
    }
  }

  @Test func theWorkbenchRefusesAnUnlistedGoldenWith409AndWritesNothing() throws {
    let planted = try Planted()
    defer { planted.remove() }
    try ReviewRejectionTests.withReview(planted) { review in
      let before = try planted.files(planted.snapshots)
      let answer = ReviewRejectionTests.send(review.approve, "same/collapsed@2x.png")
      #expect(answer.status == 409)
      #expect(answer.text.contains("same/collapsed@2x.png is not among the images"))
      #expect(try planted.files(planted.snapshots) == before)
    }
  }

  /// Approves `planted.golden` after `change` ran between the listing and the approve; returns
  /// the refusal, checking that nothing `change` did not write was written.
  func refusal(after change: (Planted) throws -> Void) throws -> String {
    let planted = try Planted()
    defer { planted.remove() }
    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 1)
    let listed = review.verify()
    try change(planted)
    let before = try planted.files(planted.snapshots)
    do {
      _ = try review.approve(
        planted.golden, goldenAtRun: listed.goldenDigests[planted.golden] ?? nil)
    } catch {
      #expect(try planted.files(planted.snapshots) == before)
      return error.description
    }
    Issue.record("approved")
    return ""
  }

  @Test func approveWithAnUnreadableFingerprintIsRefusedBeforeWritingAnything() throws {
    let refusal = try refusal { planted in
      let url = planted.snapshots.appendingPathComponent("fingerprint.json")
      let bytes = try Data(contentsOf: url)
      try Data(("<<<<<<< HEAD\n".utf8) + bytes + Data(">>>>>>> other\n".utf8)).write(to: url)
    }
    #expect(refusal.contains("cannot keep the undo"))
    #expect(refusal.contains("fingerprint.json"))
    #expect(refusal.contains("nothing was written"))
  }

  /// The undo's copies are read through the bounded reader: a FIFO is named, never read as
  /// empty bytes that an undo would later write back as the file.
  @Test func approveWithAFingerprintReplacedByAFIFOIsRefusedNamingIt() throws {
    let planted = try Planted()
    defer { planted.remove() }
    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 1)
    let listed = review.verify()
    let fingerprint = planted.snapshots.appendingPathComponent("fingerprint.json")
    try FileManager.default.removeItem(at: fingerprint)
    try #require(mkfifo(fingerprint.path, 0o600) == 0)
    let golden = planted.snapshots.appendingPathComponent(planted.golden)
    let before = try Data(contentsOf: golden)
    do {
      _ = try review.approve(
        planted.golden, goldenAtRun: listed.goldenDigests[planted.golden] ?? nil)
      Issue.record("approved")
    } catch {
      #expect(error.description.contains("cannot keep the undo"), "\(error)")
      #expect(
        error.description.contains(
          "fingerprint.json: cannot read the fingerprint: it is a FIFO (named pipe), not a regular file"
        ),
        "\(error)")
    }
    #expect(try Data(contentsOf: golden) == before)
    var status = stat()
    #expect(stat(fingerprint.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func approveOfAGoldenChangedOnDiskSinceTheRunIsRefused() throws {
    let refusal = try refusal { planted in
      try Data("replaced".utf8).write(to: planted.snapshots.appendingPathComponent(planted.golden))
    }
    #expect(refusal.contains("bio/collapsed@2x.png changed on disk since the run; re-run verify"))
  }

  @Test func approveAfterTheManifestChangedSinceTheRunIsRefused() throws {
    let refusal = try refusal { planted in try planted.write(text: "Changed again.") }
    #expect(refusal.contains("manifest.json changed since the run; re-run verify"))
  }

  @Test func theWorkbenchRefusesAGoldenReplacedAfterItsRunWith409() throws {
    let planted = try Planted()
    defer { planted.remove() }
    try ReviewRejectionTests.withReview(planted) { review in
      let golden = planted.snapshots.appendingPathComponent(planted.golden)
      try Data("replaced".utf8).write(to: golden)
      #expect(ReviewRejectionTests.send(review.approve, planted.golden).status == 409)
      #expect(try Data(contentsOf: golden) == Data("replaced".utf8))
    }
  }
}

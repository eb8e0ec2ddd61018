import ExpandablePreviewEngine
import Foundation
import Testing

/// A Swift caller reviews a verify outcome through the public API alone (one import): approve,
/// reject, undo, as the workbench's review page does.
@Suite struct VerifyReviewTests {
  /// A scratch folder with the goldens of ``PublicAPITests/manifest(in:)`` recorded, then the
  /// bio rewritten so both its goldens fail.
  struct Failing {
    let folder: URL
    let manifest: URL
    var snapshots: URL { folder.appendingPathComponent("Snapshots") }
    var artifacts: URL { folder.appendingPathComponent("artifacts") }
    let collapsed = "bio/collapsed@1x.png"
    let expanded = "bio/expanded@1x.png"

    init() throws {
      folder = try PublicAPITests.scratch()
      manifest = try PublicAPITests.manifest(in: folder)
      _ = try request(recordMode: .missing).run()
      let text = try String(contentsOf: manifest, encoding: .utf8)
        .replacingOccurrences(of: "A short bio", with: "A rewritten bio")
      try Data(text.utf8).write(to: manifest)
    }

    /// A verify of the manifest against the snapshots folder, keeping its artifacts (where
    /// rejections are kept) unless told not to.
    func request(recordMode: RecordMode? = .never, artifacts: Bool = true) -> VerifyRequest {
      VerifyRequest(
        manifest: manifest.path, snapshots: snapshots.path,
        artifacts: artifacts ? self.artifacts.path : nil, recordMode: recordMode, workers: 2,
        environment: [:])
    }

    func golden(_ path: String) throws -> Data {
      try Data(contentsOf: snapshots.appendingPathComponent(path))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  @Test func verifyApproveAndVerifyAgainPasses() throws {
    let failing = try Failing()
    defer { failing.remove() }
    let first = try failing.request().run()
    #expect(!first.passed)
    var review = try first.review()
    #expect(review.failing == [failing.collapsed, failing.expanded])
    let decision = try review.approveAll()
    #expect(decision.kind == .approve)
    #expect(decision.paths == [failing.collapsed, failing.expanded])
    #expect(decision.leftOut.isEmpty && decision.problem == nil)
    #expect(decision.description == "Approved 2 images")
    #expect(review.failing.isEmpty)
    // On CI too: nothing is left to record.
    var onCI = failing.request(recordMode: nil)
    onCI.environment = ["CI": "true"]
    let again = try onCI.run()
    #expect(again.passed, "\(again.report)")
    #expect(again.recorded.isEmpty)
  }

  @Test func aRejectionSurvivesAnApproveAll() throws {
    let failing = try Failing()
    defer { failing.remove() }
    var review = try failing.request().run().review()
    let rejected = try review.reject(failing.collapsed, note: "the label hides a word")
    #expect(rejected.kind == .reject && rejected.paths == [failing.collapsed])
    #expect(review.rejection(of: failing.collapsed) == "the label hides a word")
    let before = try failing.golden(failing.collapsed)
    let decision = try review.approveAll()
    #expect(decision.paths == [failing.expanded])
    #expect(decision.leftOut == [failing.collapsed])
    #expect(
      decision.description
        == "Approved 1 image; left out 1 rejected image: \(failing.collapsed) "
        + "(approve one alone to override its rejection).")
    #expect(try failing.golden(failing.collapsed) == before)
    // The next verify of that artifacts folder fails the rejected image alone, saying why.
    let again = try failing.request().run()
    #expect(again.report.failures.map(\.path) == [failing.collapsed])
    #expect(
      again.report.failures.first?.rejection == "rejected by reviewer: the label hides a word")
    // Every image named is rejected: nothing is written, and the error says so.
    var next = try again.review(continuing: review)
    let error = #expect(throws: EngineError.self) { try next.approveAll() }
    #expect(error?.description.hasPrefix("Nothing was written: left out 1 rejected image") == true)
    // Named alone, it is approved and no longer rejected.
    try next.approve([failing.collapsed])
    #expect(next.rejection(of: failing.collapsed) == nil)
    #expect(try failing.request().run().passed)
  }

  @Test func undoPutsTheGoldenAndTheRejectionBack() throws {
    let failing = try Failing()
    defer { failing.remove() }
    let outcome = try failing.request().run()
    var review = try outcome.review()
    let before = try failing.golden(failing.collapsed)
    try review.reject(failing.collapsed, note: "wrong")
    try review.approve([failing.collapsed])
    #expect(try failing.golden(failing.collapsed) != before)
    #expect(review.rejection(of: failing.collapsed) == nil)
    let undone = try review.undo()
    #expect(undone?.kind == .approve)
    #expect(try failing.golden(failing.collapsed) == before)
    #expect(review.rejection(of: failing.collapsed) == "wrong")
    #expect(review.failing == [failing.collapsed, failing.expanded])
    #expect(try review.undo()?.kind == .reject)
    #expect(review.rejection(of: failing.collapsed) == nil)
    #expect(try review.undo() == nil)
    #expect(try failing.request().run().report.failures.count == 2)
  }

  @Test func anImageTheRunDidNotListAsFailingIsRefusedWritingNothing() throws {
    let failing = try Failing()
    defer { failing.remove() }
    var review = try failing.request().run().review()
    let note = "note/collapsed@1x.png"
    let golden = try failing.golden(note)
    let error = #expect(throws: EngineError.self) {
      try review.approve([failing.expanded, note])
    }
    #expect(
      error?.description
        == "\(note) is not among the images the current verify run lists as failing; "
        + "nothing was written")
    #expect(try failing.golden(note) == golden)
    #expect(review.failing.count == 2 && review.decisions.isEmpty)
  }

  @Test func aRejectionWithoutAnArtifactsFolderIsAnErrorNamingTheField() throws {
    let failing = try Failing()
    defer { failing.remove() }
    var review = try failing.request(artifacts: false).run().review()
    #expect(review.rejectionsFile == nil)
    let error = #expect(throws: EngineError.self) {
      try review.reject(failing.collapsed, note: "no")
    }
    #expect(error?.description.contains("VerifyRequest.artifacts") == true)
    #expect(review.decisions.isEmpty)
  }
}

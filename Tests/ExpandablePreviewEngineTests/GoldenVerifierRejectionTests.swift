import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation
import Testing

/// A reviewer's rejection (`review-rejections.json` in the artifacts folder) reaches the report
/// of the engine's public ``GoldenVerifier``, not only the CLI's.
@Suite struct GoldenVerifierRejectionTests {
  @Test func aRejectedFailureSaysSoInTheEngineSReport() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = try PublicAPITests.manifest(in: folder)
    let snapshots = folder.appendingPathComponent("Snapshots")
    let artifacts = folder.appendingPathComponent("artifacts")
    // The first run records the goldens and makes the artifacts folder (the tool's own).
    _ = try GoldenVerifier(
      snapshots: snapshots, artifacts: artifacts, workers: 2, environment: [:]
    ).verify(
      Manifest.load(from: manifest).plan())
    // The bio is rewritten: its goldens fail; the reviewer rejected the collapsed one.
    let text = try String(contentsOf: manifest, encoding: .utf8)
      .replacingOccurrences(of: "A short bio", with: "A rewritten bio")
    try Data(text.utf8).write(to: manifest)
    try ReviewRejections([
      .init(path: "bio/collapsed@1x.png", note: "the label hides a word", summary: "pixels"),
      .init(path: "note/collapsed@1x.png", note: "stale", summary: "pixels"),
    ]).write(in: artifacts)
    let report = try GoldenVerifier(
      snapshots: snapshots, recordMode: .never, artifacts: artifacts, workers: 2
    ).verify(Manifest.load(from: manifest).plan())
    let rejections = Dictionary(
      uniqueKeysWithValues: report.entries.map { ($0.path, $0.rejection) })
    #expect(rejections["bio/collapsed@1x.png"] == "rejected by reviewer: the label hides a word")
    #expect(rejections["bio/expanded@1x.png"] == .some(nil))
    // The note's golden matches now: its rejection no longer stands, in the report or the record.
    #expect(rejections["note/collapsed@1x.png"] == .some(nil))
    let standing = try ReviewRejections.read(in: artifacts)
    #expect(standing.rejections.map(\.path) == ["bio/collapsed@1x.png"])
  }

  @Test func anUnreadableRecordIsAnEngineErrorNamingIt() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Manifest.load(from: PublicAPITests.manifest(in: folder)).plan()
    let artifacts = folder.appendingPathComponent("artifacts")
    let snapshots = folder.appendingPathComponent("Snapshots")
    _ = try GoldenVerifier(
      snapshots: snapshots, artifacts: artifacts, workers: 2, environment: [:]
    ).verify(plan)
    try Data("{ not json".utf8).write(
      to: artifacts.appendingPathComponent(ReviewRejections.fileName))
    let error = #expect(throws: EngineError.self) {
      try GoldenVerifier(
        snapshots: snapshots, artifacts: artifacts, workers: 2, environment: [:]
      ).verify(plan)
    }
    #expect(error?.description.contains(ReviewRejections.fileName) == true)
  }
}

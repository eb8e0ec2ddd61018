import ExpandablePreviewEngine
import Foundation
import Synchronization
import Testing

/// What a run says leaves the engine through its observer and its outcome, never through
/// standard error; a run that cannot start throws one `EngineError` naming every problem.
@Suite struct RunObserverTests {
  /// Keeps what a run tells it.
  final class Heard: RunObserver {
    let messages = Mutex<[RunMessage]>([])
    let files = Mutex<[FinishedFile]>([])
    let expected = Mutex<Int?>(nil)

    func runWillReport(files: Int) { expected.withLock { $0 = files } }
    func fileFinished(_ file: FinishedFile) { files.withLock { $0.append(file) } }
    func message(_ message: RunMessage) { messages.withLock { $0.append(message) } }
  }

  static func manifest(_ text: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent("m.json")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func aFontWarningAndEveryFileReachTheObserverAndTheOutcome() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = try Self.manifest(
      #"{"defaults": {"scale": 1}, "items": [{"name": "a", "text": "x", "font": {"style": "body", "family": "Helvetca"}}]}"#,
      in: folder)
    let heard = Heard()
    let outcome = try RenderRequest(
      manifest: manifest, output: folder.appendingPathComponent("out").path, workers: 2
    ).run(observer: heard)
    let warning = RunMessage(
      .warning,
      "\(manifest): item 'a', key 'font': font family 'Helvetca' is not available; Pango draws "
        + "'Inter' instead")
    #expect(outcome.messages == [warning])
    #expect(heard.messages.withLock { $0 } == [warning])
    #expect(warning.description.hasPrefix("warning: \(manifest): item 'a', key 'font'"))
    #expect(heard.expected.withLock { $0 } == 2)
    #expect(
      heard.files.withLock { $0 }.map(\.paths).sorted { $0[0] < $1[0] } == [
        ["a/collapsed@1x.png"], ["a/expanded@1x.png"],
      ])
    #expect(outcome.succeeded)
    #expect(outcome.rendered == 2)
  }

  @Test func strictRefusesWithTheFontProblemAsTheErrorAndWritesNothing() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = try Self.manifest(
      #"{"items": [{"name": "a", "text": "x", "font": {"style": "body", "family": "Helvetca"}}]}"#,
      in: folder)
    var request = RenderRequest(
      manifest: manifest, output: folder.appendingPathComponent("out").path, workers: 2)
    request.strict = true
    let heard = Heard()
    let error = #expect(throws: EngineError.self) { try request.run(observer: heard) }
    #expect(
      error?.lines == [
        "\(manifest): item 'a', key 'font': font family 'Helvetca' is not available; Pango "
          + "draws 'Inter' instead"
      ])
    #expect(heard.messages.withLock { $0 }.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  @Test func aBadManifestIsOneErrorWithEveryProblemNamingFileAndKey() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = try Self.manifest(
      #"{"items": [{"name": "a", "text": "x", "lineLimt": 2}, {"name": "b"}]}"#, in: folder)
    let error = #expect(throws: EngineError.self) {
      try VerifyRequest(
        manifest: manifest, snapshots: folder.appendingPathComponent("snap").path,
        environment: [:]
      ).run()
    }
    let lines = error?.lines ?? []
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.hasPrefix(manifest + ":1:") })
    #expect(lines.first?.contains("lineLimt") == true)
    #expect(error?.description == lines.joined(separator: "\n"))
  }

  @Test func onCIAVerifyRecordsNothingAndSaysWhyInItsMode() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = try Self.manifest(
      #"{"defaults": {"scale": 1, "states": "collapsed"}, "items": [{"name": "a", "text": "x"}]}"#,
      in: folder)
    let snapshots = folder.appendingPathComponent("snap")
    let outcome = try VerifyRequest(
      manifest: manifest, snapshots: snapshots.path, workers: 2, environment: ["CI": "true"]
    ).run()
    #expect(outcome.recordModeInWords == "never (because CI is set)")
    #expect(outcome.report.entries.map(\.status) == [.missing])
    #expect(outcome.recorded.isEmpty)
    #expect(!outcome.passed)
    #expect(
      !FileManager.default.fileExists(
        atPath: snapshots.appendingPathComponent("a/collapsed@1x.png").path))
    #expect(outcome.acceptEverything?.contains("recordMode: .failed") == true)
    // Missing goldens are not goldens compared by pixels for want of a layout record.
    #expect(outcome.layoutRecordsMissing == 0)
  }

  @Test func aVerifyRequestsAcceptLineNamesItsOwnSelection() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = try Self.manifest(
      #"{"defaults": {"scale": 1, "states": "collapsed"}, "items": [{"name": "a", "text": "x"}, {"name": "b", "text": "y"}]}"#,
      in: folder)
    var request = VerifyRequest(
      manifest: manifest, snapshots: folder.appendingPathComponent("snap").path, workers: 2,
      environment: ["CI": "true"])
    request.only = ["a"]
    let outcome = try request.run()
    #expect(
      outcome.acceptEverything
        == #"verify again through VerifyRequest with recordMode: .failed and only: ["a"] (no command line started this run)"#
    )
  }

  @Test func aRenderOutcomePrintsAsCountsAndFailuresNotItsInternals() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = try Self.manifest(
      #"{"defaults": {"scale": 1}, "items": [{"name": "a", "text": "x"}]}"#, in: folder)
    let request = RenderRequest(
      manifest: manifest, output: folder.appendingPathComponent("out").path, workers: 2)
    #expect("\(try request.run())" == "rendered 2 of 2 files (0 unchanged) for 1 items")
    #expect(
      "\(try request.run())" == "nothing changed: rendered 0 of 2 files (2 unchanged) for 1 items")
  }
}

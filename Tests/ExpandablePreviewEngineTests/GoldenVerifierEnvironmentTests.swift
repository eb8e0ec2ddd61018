import ExpandablePreviewEngine
import Foundation
import Testing

// One import: the record mode, diff options and report types come with the engine.

/// `GoldenVerifier` resolves its record mode as `expandable-preview verify` does, and a
/// failure's accept line says how a Swift caller accepts (it has no command line to rerun).
@Suite struct GoldenVerifierEnvironmentTests {
  static func plan(in folder: URL) throws -> RenderPlan {
    let url = folder.appendingPathComponent("previews.json")
    try Data(
      """
      {"defaults": {"width": 200, "scale": 1, "lineLimit": 2}, "items": [
        {"name": "bio", "text": "A short bio that runs over two lines at this width, so it is cut."}]}
      """.utf8
    ).write(to: url)
    return try Manifest.load(from: url).plan()
  }

  static func goldens(in snapshots: URL) -> [String] {
    let files = FileManager.default.enumerator(atPath: snapshots.path)?.allObjects ?? []
    return (files as? [String] ?? []).filter { $0.hasSuffix(".png") }.sorted()
  }

  @Test func onCINothingIsRecordedAndTheMissingGoldensFail() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let snapshots = folder.appendingPathComponent("Snapshots")
    let report = try GoldenVerifier(snapshots: snapshots, workers: 2, environment: ["CI": "true"])
      .verify(Self.plan(in: folder))
    #expect(report.entries.map(\.status) == [.missing, .missing])
    #expect(report.entries.map(\.recorded) == [false, false])
    #expect(!report.passed)
    #expect(Self.goldens(in: snapshots) == [])
  }

  @Test func offCIMissingGoldensAreRecordedAndTheVariableStillDecides() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Self.plan(in: folder)
    let snapshots = folder.appendingPathComponent("Snapshots")
    let never = try GoldenVerifier(
      snapshots: snapshots, workers: 2, environment: ["EXPANDABLE_PREVIEW_RECORD": "never"]
    ).verify(plan)
    #expect(never.entries.map(\.recorded) == [false, false])
    let recorded = try GoldenVerifier(snapshots: snapshots, workers: 2, environment: [:])
      .verify(plan)
    #expect(recorded.entries.map(\.recorded) == [true, true])
    #expect(Self.goldens(in: snapshots) == ["bio/collapsed@1x.png", "bio/expanded@1x.png"])
    let onCIWithVariable = try GoldenVerifier(
      snapshots: snapshots, recordMode: .never, workers: 2,
      environment: ["CI": "1", "EXPANDABLE_PREVIEW_RECORD": "all"]
    ).verify(plan)
    #expect(onCIWithVariable.passed)
  }

  @Test func anUnknownModeInTheEnvironmentIsAnEngineErrorNamingTheVariable() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Self.plan(in: folder)
    let error = #expect(throws: EngineError.self) {
      try GoldenVerifier(
        snapshots: folder.appendingPathComponent("Snapshots"), workers: 1,
        environment: ["EXPANDABLE_PREVIEW_RECORD": "sometimes"]
      ).verify(plan)
    }
    #expect(error?.description.contains("EXPANDABLE_PREVIEW_RECORD") == true)
    #expect(error?.description.contains("sometimes") == true)
  }

  @Test func aFailureSaysHowASwiftCallerAcceptsAndPrintsAsLines() throws {
    let folder = try PublicAPITests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Self.plan(in: folder)
    let snapshots = folder.appendingPathComponent("Snapshots")
    let report = try GoldenVerifier(
      snapshots: snapshots, recordMode: .never, diff: DiffOptions(), workers: 2
    ).verify(plan)
    let accept = try #require(report.failures.first?.acceptCommand)
    #expect(accept.contains("GoldenVerifier with recordMode: .failed"))
    #expect(accept.contains(#"manifest.plan(only: ["bio"])"#))
    #expect(!accept.contains("--record"))
    let printed = report.description
    #expect(printed.hasPrefix("FAILED: 2 images (2 missing)"))
    #expect(printed.contains("bio/collapsed@1x.png: "))
    #expect(printed.contains("To accept: verify again through GoldenVerifier"))
    #expect(!printed.contains("diffPixels"))
  }
}

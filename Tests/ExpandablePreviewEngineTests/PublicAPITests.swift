import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation
import Testing

/// The documented lines of the engine's public API (the DocC article's snippet), run: a
/// manifest loaded, planned, rendered into a folder and verified against goldens.
@Suite struct PublicAPITests {
  static func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("engine-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static func manifest(in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent("previews.json")
    try Data(
      """
      {"defaults": {"width": 200, "scale": 1, "lineLimit": 2}, "items": [
        {"name": "bio", "text": "A short bio that runs over two lines at this width, so it is cut."},
        {"name": "note", "text": "Fits.", "states": "collapsed"}]}
      """.utf8
    ).write(to: url)
    return url
  }

  @Test func aManifestIsPlannedRenderedAndUnchangedTheSecondTime() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = try Manifest.load(from: Self.manifest(in: folder))
    #expect(manifest.itemNames == ["bio", "note"])
    let plan = try manifest.plan()
    #expect(
      plan.imagePaths == ["bio/collapsed@1x.png", "bio/expanded@1x.png", "note/collapsed@1x.png"])
    let out = folder.appendingPathComponent("out")
    let first = try BatchRenderer(workers: 2).render(plan, into: out)
    #expect((first.rendered, first.unchanged, first.failures) == (3, 0, []))
    for path in plan.imagePaths + ["bio/layout.json", "index.html"] {
      #expect(
        FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
    }
    let second = try BatchRenderer(workers: 2).render(plan, into: out)
    #expect((second.rendered, second.unchanged, second.succeeded) == (0, 3, true))
    #expect(try manifest.plan(only: ["note"]).imagePaths == ["note/collapsed@1x.png"])
  }

  @Test func verifyingRecordsMissingGoldensThenMatchesThem() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = try Manifest.load(from: Self.manifest(in: folder)).plan()
    let snapshots = folder.appendingPathComponent("Snapshots")
    let recorded = try GoldenVerifier(snapshots: snapshots, workers: 2, environment: [:])
      .verify(plan)
    #expect(recorded.entries.map(\.path) == plan.imagePaths)
    #expect(recorded.entries.map(\.recorded) == [true, true, true])
    let checked = try GoldenVerifier(snapshots: snapshots, recordMode: .never, workers: 2)
      .verify(plan)
    #expect(checked.passed)
    #expect(checked.entries.map(\.status) == [.match, .match, .match])
  }

  @Test func badInputIsAnEngineErrorNamingFileItemAndKey() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("bad.json")
    try Data(#"{"items": [{"name": "a", "text": "x", "lineLimit": -1}]}"#.utf8).write(to: url)
    let error = #expect(throws: EngineError.self) { try Manifest.load(from: url) }
    #expect(error?.description.contains("bad.json") == true)
    #expect(error?.description.contains("lineLimit") == true)
    let plan = try #require(try? Manifest.load(from: Self.manifest(in: folder)))
    let unknown = #expect(throws: EngineError.self) { try plan.plan(only: ["nobody"]) }
    #expect(unknown?.description.contains("nobody") == true)
  }
}

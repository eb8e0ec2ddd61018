import ExpandablePreviewEngine
import Foundation
import Testing

/// A request's relative paths are in its `directory` (the face's folder for the run), never
/// the process's working directory: runs in parallel, each in its own folder, need no `chdir`.
@Suite struct RunFolderTests {
  static let manifest = #"{"defaults": {"scale": 1}, "items": [{"name": "a", "text": "x"}]}"#

  /// A folder with `m.json` and a name no working directory holds.
  static func folder() throws -> URL {
    let folder = try PublicAPITests.scratch()
    try Data(manifest.utf8).write(to: folder.appendingPathComponent("m.json"))
    return folder
  }

  @Test func aRenderReadsAndWritesInItsDirectory() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = "out-\(UUID().uuidString)"
    var request = RenderRequest(manifest: "m.json", output: output, workers: 1)
    request.options.directory = folder
    let outcome = try request.run()
    #expect(outcome.rendered == 2)
    let written = folder.appendingPathComponent(output).appendingPathComponent("a")
    #expect(
      FileManager.default.fileExists(
        atPath: written.appendingPathComponent("collapsed@1x.png").path))
    #expect(!FileManager.default.fileExists(atPath: output), "nothing in the working directory")
  }

  @Test func aVerifyRecordsAndKeepsArtifactsInItsDirectory() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (snapshots, artifacts) = ("goldens-\(UUID().uuidString)", "artifacts-\(UUID().uuidString)")
    var request = VerifyRequest(
      manifest: "m.json", snapshots: snapshots, artifacts: artifacts, recordMode: .missing,
      workers: 1, environment: [:])
    request.options.directory = folder
    let outcome = try request.run()
    #expect(outcome.recorded.count == 2)
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(snapshots).appendingPathComponent("a").path))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent(artifacts).path))
    #expect(!FileManager.default.fileExists(atPath: snapshots))
    #expect(!FileManager.default.fileExists(atPath: artifacts))
  }
}

import Foundation
import Testing

/// `Examples/manifest.json` against the goldens committed in `Snapshots/examples`.
@Suite struct ExampleGoldensTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func examplesMatchTheCommittedGoldens() throws {
    let artifacts = try Scratch()
    let result = try CLI.runInProcess(
      [
        "verify", "Examples/manifest.json", "--snapshots", "Snapshots/examples", "--record",
        "never", "--artifacts", artifacts.url.path, "--json",
      ], in: Self.repository)
    #expect(result.status == 0, "\(result.stderr)\nReport: \(artifacts.url.path)/report.html")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let counts = try #require(summary["counts"] as? [String: Int])
    #expect(counts["match"] == 61)
    #expect(counts["orphan"] == 0)
  }
}

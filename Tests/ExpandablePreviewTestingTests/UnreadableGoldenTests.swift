import ExpandablePreview
import ExpandablePreviewTesting
import Foundation
import Testing

/// For `assertSnapshot`: an unreadable golden is a failure that says why and
/// how to accept, and record mode `failed` replaces it.
@Suite struct UnreadableGoldenTests {
  @Test("assertSnapshot names an unreadable golden and record mode failed heals it")
  func unreadableGoldenIsExplainedAndHealed() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    _ = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 327, named: "bio")
    }
    let golden = root.appendingPathComponent("Snapshots/bio.png")
    let good = try Data(contentsOf: golden)
    try Data("corrupt".utf8).write(to: golden)

    let stuck = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 327, named: "bio")
    }
    #expect(
      stuck?.hasPrefix(
        "\(golden.path): cannot read the golden: not a valid PNG (") == true,
      "\(stuck ?? "nil")")
    #expect(
      stuck?.hasSuffix("To accept: set the record mode in the test to .failed and run it again")
        == true, "\(stuck ?? "nil")")
    #expect(try Data(contentsOf: golden) == Data("corrupt".utf8))

    configuration.record = .failed
    let healed = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 327, named: "bio")
    }
    #expect(healed?.contains("; recorded a new one, run again to compare") == true)
    #expect(try Data(contentsOf: golden) == good)
    #expect(
      withSnapshotConfiguration(configuration) { verifySnapshot(of: bio, width: 327, named: "bio") }
        == nil)
  }
}

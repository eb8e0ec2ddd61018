import ExpandablePreview
import ExpandablePreviewTesting
import Foundation
import Testing

/// The suite's folders, one per process.
private let mergeRoot = FileManager.default.temporaryDirectory
  .appendingPathComponent("expandable-preview-merge-\(ProcessInfo.processInfo.processIdentifier)")
private let suiteGoldens = mergeRoot.appendingPathComponent("Snapshots")
private let suiteArtifacts = mergeRoot.appendingPathComponent("suite-artifacts")

/// Configurations nest field by field: what an inner trait or `withSnapshotConfiguration`
/// leaves unset keeps the enclosing value; what it sets wins.
@Suite(.snapshots(directory: suiteGoldens, record: .never, artifacts: suiteArtifacts))
struct SnapshotConfigurationMergeTests {
  /// The test's record mode wins; the suite's folder and artifacts stay.
  @Test(.snapshots(record: .missing))
  func aTestTraitInsideASuiteTraitKeepsTheSuiteFolders() throws {
    let golden = suiteGoldens.appendingPathComponent("test-trait.png")
    defer { try? FileManager.default.removeItem(at: golden) }
    #expect(SnapshotConfiguration.current.directory == suiteGoldens)
    #expect(SnapshotConfiguration.current.record == .missing)
    #expect(SnapshotConfiguration.current.artifacts == suiteArtifacts)
    let message = try #require(verifySnapshot(of: bio, width: 327, named: "test-trait"))
    #expect(
      message.hasPrefix("\(golden.path): no golden yet; recorded it, run again to compare"),
      "\(message)")
    #expect(FileManager.default.fileExists(atPath: golden.path))
    #expect(
      message.contains("Actual: \(suiteArtifacts.path)/Snapshots/actual/test-trait.png"),
      "\(message)")
  }

  /// A test trait that sets only the artifacts folder keeps the suite's record mode `never`.
  @Test(.snapshots(artifacts: mergeRoot.appendingPathComponent("test-artifacts")))
  func aTestTraitSettingArtifactsKeepsTheSuiteRecordMode() throws {
    let golden = suiteGoldens.appendingPathComponent("artifacts-only.png")
    let message = try #require(verifySnapshot(of: bio, width: 327, named: "artifacts-only"))
    #expect(
      message.hasPrefix("\(golden.path): no golden yet; not recorded: record mode never"),
      "\(message)")
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    let artifacts = mergeRoot.appendingPathComponent("test-artifacts")
    #expect(message.contains("Actual: \(artifacts.path)/Snapshots/actual/artifacts-only.png"))
  }

  /// `withSnapshotConfiguration` inside a trait, and inside another call, merges too.
  @Test func withSnapshotConfigurationInsideATraitMerges() throws {
    let golden = suiteGoldens.appendingPathComponent("nested.png")
    defer { try? FileManager.default.removeItem(at: golden) }
    let tolerant = DiffOptions(maxDiffPixels: 1_000_000)
    let outer = SnapshotConfiguration(record: .missing)
    withSnapshotConfiguration(outer) {
      withSnapshotConfiguration(SnapshotConfiguration(diff: tolerant)) {
        let current = SnapshotConfiguration.current
        #expect(current.directory == suiteGoldens)
        #expect(current.artifacts == suiteArtifacts)
        #expect(current.record == .missing)
        #expect(current.diff.maxDiffPixels == 1_000_000)
        // Recorded in the suite's folder by the outer call's mode...
        _ = verifySnapshot(of: bio, width: 327, named: "nested")
        #expect(FileManager.default.fileExists(atPath: golden.path))
        // ...and a different image of the same size passes by the inner call's tolerance.
        var other = bio
        other.text =
          "Being a top 2% developer isn’t just about mastering Swift, SwiftUI, and Xcode."
        let message = verifySnapshot(of: other, width: 327, named: "nested")
        #expect(message == nil, "\(message ?? "")")
      }
      // Leaving the inner call restores the outer configuration's default tolerances.
      #expect(SnapshotConfiguration.current.diff.maxDiffPixels == DiffOptions().maxDiffPixels)
      #expect(SnapshotConfiguration.current.record == .missing)
    }
    #expect(SnapshotConfiguration.current.record == .never)
  }

  /// An inner value that is set wins over the enclosing one, field by field.
  @Test func setFieldsWinOverTheEnclosingOnes() {
    let enclosing = SnapshotConfiguration(
      directory: URL(fileURLWithPath: "/a"), record: .never, diff: DiffOptions(threshold: 0.3),
      fonts: [URL(fileURLWithPath: "/f")], artifacts: URL(fileURLWithPath: "/art"))
    let inner = SnapshotConfiguration(record: .all, fonts: [])
    let merged = inner.merged(into: enclosing)
    #expect(merged.directory?.path == "/a")
    #expect(merged.record == .all)
    #expect(merged.diff.threshold == 0.3)
    #expect(merged.fonts == [])
    #expect(merged.artifacts?.path == "/art")
    let empty = SnapshotConfiguration().merged(into: SnapshotConfiguration())
    #expect(empty.directory == nil && empty.record == nil && empty.artifacts == nil)
    #expect(empty.diff.threshold == DiffOptions().threshold)
  }
}

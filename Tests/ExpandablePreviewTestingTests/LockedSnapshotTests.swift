import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewTesting
import Foundation
import Testing

/// `assertSnapshot` with a golden store: goldens are lines of the folder's `goldens.lock`, their
/// bytes in the store; an equal render passes by its digest, a different one is diffed against
/// the stored bytes.
@Suite struct LockedSnapshotTests {
  @Test func assertSnapshotRecordsIntoTheLockAndComparesByDigest() throws {
    let (root, base) = try snapshotFolders()
    defer { try? FileManager.default.removeItem(at: root) }
    var configuration = base
    configuration.record = .missing
    configuration.goldenStore = FolderBlobStore(folder: root.appendingPathComponent("store"))
    let recorded = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 327, named: "bio")
    }
    #expect(recorded?.contains("no golden yet; recorded it") == true, "\(recorded ?? "nil")")
    let snapshots = root.appendingPathComponent("Snapshots")
    #expect(
      FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("goldens.lock").path))
    #expect(
      !FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("bio.png").path))

    configuration.record = .never
    #expect(
      withSnapshotConfiguration(configuration) { verifySnapshot(of: bio, width: 327, named: "bio") }
        == nil)
    let changed = withSnapshotConfiguration(configuration) {
      verifySnapshot(of: bio, width: 300, named: "bio")
    }
    #expect(changed?.contains("size changed") == true, "\(changed ?? "nil")")
  }
}

/// The golden store `assertSnapshot` takes from `EXPANDABLE_PREVIEW_GOLDEN_STORE`, read by the
/// engine's parser as `verify` reads it: a folder or an HTTP store; a value naming no store is
/// refused in words naming the variable. (`SnapshotHTTPGoldenStoreTests`, beside the nginx
/// helper, checks an HTTP store end to end.)
@Suite struct SnapshotGoldenStoreVariableTests {
  @Test func aFolderPathOrFileURLIsAFolderStore() throws {
    let folder = try #require(
      try SnapshotConfiguration.goldenStore(environment: [
        GoldenStore.storeVariable: "/tmp/golden-store"
      ]) as? FolderBlobStore)
    #expect(folder.folder.path == "/tmp/golden-store")
    let url = try #require(
      try SnapshotConfiguration.goldenStore(environment: [
        GoldenStore.storeVariable: "file:///tmp/other"
      ]) as? FolderBlobStore)
    #expect(url.folder.path == "/tmp/other")
    #expect(try SnapshotConfiguration.goldenStore(environment: [:]) == nil)
    #expect(
      try SnapshotConfiguration.goldenStore(environment: [GoldenStore.storeVariable: ""]) == nil)
  }

  @Test func anHTTPURLIsAnHTTPStore() throws {
    let store = try #require(
      try SnapshotConfiguration.goldenStore(environment: [
        GoldenStore.storeVariable: "http://127.0.0.1:9/ep/"
      ]))
    #expect(!(store is FolderBlobStore))
    #expect("\(store)" == "http://127.0.0.1:9/ep")
  }

  @Test func aURLNamingNoStoreIsRefusedNamingTheVariable() {
    for (value, words) in [
      ("http://", "expected an http:// or https:// URL"),
      ("https://127.0.0.1:9/ep?x=1", "the URL may not have a query or a fragment"),
    ] {
      do {
        _ = try SnapshotConfiguration.goldenStore(environment: [GoldenStore.storeVariable: value])
        Issue.record("\(value) was taken for a store")
      } catch {
        #expect("\(error)".hasPrefix("EXPANDABLE_PREVIEW_GOLDEN_STORE: \(words)"), "\(error)")
      }
    }
  }
}

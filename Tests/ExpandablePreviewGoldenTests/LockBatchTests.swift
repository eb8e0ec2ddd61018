import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// A run recording into a lock writes the lock once at its end (not once per golden, which
/// rewrites the whole file each time), then the layout records; a run stopped before its end
/// leaves the lock as it was, valid.
@Suite struct LockBatchTests {
  let renderer = try! Renderer()

  func snapshot(_ index: Int) throws -> RenderedSnapshot {
    var component = ExpandableText(text: "Golden number \(index), a text that wraps here.")
    component.lineLimit = 2
    return RenderedSnapshot(
      try renderer.render(component, options: RenderOptions(width: 160)), by: renderer)
  }

  func store(_ folder: URL) -> GoldenStore {
    GoldenStore(
      directory: folder.appendingPathComponent("snap"), recordMode: .missing,
      lockingIn: FolderBlobStore(folder: folder.appendingPathComponent("store")))
  }

  func check(_ indices: Range<Int>, in store: GoldenStore) throws {
    let check = GoldenCheck(store: store, artifacts: nil)
    for index in indices {
      let outcome = try check.check(try snapshot(index), at: "g\(index).png", recorded: nil)
      #expect(outcome.verdict == .recorded(.new))
    }
  }

  func file(_ folder: URL, _ name: String) -> URL {
    folder.appendingPathComponent("snap/" + name)
  }

  @Test func aRunWritesTheLockOnceThenItsRecords() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = store(folder)
    store.beginLockBatch()
    try check(0..<5, in: store)
    #expect(store.lockWrites == 0)
    #expect(!FileManager.default.fileExists(atPath: file(folder, "goldens.lock").path))
    #expect(!FileManager.default.fileExists(atPath: file(folder, "g0.layout.json").path))
    // The run's own reads see its lines meanwhile.
    #expect(store.lockedDigest(ofGolden: "g4.png") != nil)
    try store.endLockBatch()
    #expect(store.lockWrites == 1)
    let lock = try #require(try GoldenLock.read(in: folder.appendingPathComponent("snap")))
    #expect(lock.entries.keys.sorted() == (0..<5).map { "g\($0).png" })
    for index in 0..<5 {
      #expect(FileManager.default.fileExists(atPath: file(folder, "g\(index).layout.json").path))
    }
    // Without a batch (one assertSnapshot), each check writes its line.
    let single = self.store(folder)
    try check(5..<7, in: single)
    #expect(single.lockWrites == 2)
  }

  @Test func aRunStoppedBeforeItsEndLeavesTheLockAsItWas() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try check(0..<2, in: store(folder))
    let before = try Data(contentsOf: file(folder, "goldens.lock"))
    let stopped = store(folder)
    stopped.beginLockBatch()
    try check(2..<5, in: stopped)
    // The run ends here without its end: what a later run reads.
    #expect(try Data(contentsOf: file(folder, "goldens.lock")) == before)
    let lock = try #require(try GoldenLock.read(in: folder.appendingPathComponent("snap")))
    #expect(lock.entries.keys.sorted() == ["g0.png", "g1.png"])
    #expect(!FileManager.default.fileExists(atPath: file(folder, "g2.layout.json").path))
    let again = GoldenStore(
      directory: folder.appendingPathComponent("snap"), recordMode: .never, lockingIn: nil)
    #expect(
      try GoldenCheck(store: again, artifacts: nil).check(
        try snapshot(0), at: "g0.png", recorded: nil
      ).passed)
  }
}

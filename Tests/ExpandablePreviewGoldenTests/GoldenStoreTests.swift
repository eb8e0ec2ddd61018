import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

@Suite struct GoldenStoreTests {
  let original = TestImages.filled(8, 6)
  var changed: Image { TestImages.setting(original, 2, 2, (255, 0, 0, 255)) }

  /// Checks `image` at `a/b.png` in a fresh store after optionally writing `golden`.
  func check(_ image: Image, golden: Image?, mode: RecordMode) throws
    -> (GoldenComparison, written: Image?)
  {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = GoldenStore(directory: folder, recordMode: mode)
    let file = try store.url(for: "a/b.png")
    if let golden {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try golden.write(to: file)
    }
    let comparison = try store.check(image, at: "a/b.png")
    let written =
      FileManager.default.fileExists(atPath: file.path)
      ? try Image(contentsOf: file) : nil
    return (comparison, written)
  }

  @Test(arguments: [RecordMode.missing, .failed, .all])
  func missingGoldenIsRecordedAndFails(mode: RecordMode) throws {
    let (comparison, written) = try check(original, golden: nil, mode: mode)
    #expect(comparison.status == .missing)
    #expect(!comparison.passed)
    #expect(comparison.recorded)
    #expect(written == original)
  }

  @Test func neverModeWritesNothing() throws {
    let (missing, nothing) = try check(original, golden: nil, mode: .never)
    #expect(missing.status == .missing && !missing.recorded && nothing == nil)
    let (mismatch, kept) = try check(changed, golden: original, mode: .never)
    #expect(mismatch.status == .mismatch && !mismatch.recorded && kept == original)
  }

  @Test func missingModeKeepsAMismatchingGolden() throws {
    let (comparison, written) = try check(changed, golden: original, mode: .missing)
    #expect(comparison.status == .mismatch)
    #expect(!comparison.recorded)
    #expect(written == original)
    #expect(comparison.diff?.result.diffPixels == 1)
  }

  @Test func failedModeRewritesAMismatchingGoldenAndStillFails() throws {
    let (comparison, written) = try check(changed, golden: original, mode: .failed)
    #expect(comparison.status == .mismatch)
    #expect(!comparison.passed)
    #expect(comparison.recorded)
    #expect(written == changed)
  }

  @Test func failedModeRewritesASizeChange() throws {
    let taller = TestImages.filled(8, 7)
    let (comparison, written) = try check(taller, golden: original, mode: .failed)
    #expect(comparison.status == .sizeChanged)
    #expect(written == taller)
  }

  @Test func failedModeLeavesAnAntialiasingOnlyChange() throws {
    let before = TestImages.cairoRectangle(x: 10, width: 12.5)
    let after = TestImages.cairoRectangle(x: 10.3, width: 12.5)
    let (failed, keptByFailed) = try check(after, golden: before, mode: .failed)
    #expect(failed.status == .match && !failed.recorded && keptByFailed == before)
    // `all` rewrites any golden whose pixels changed at all.
    let (all, rewritten) = try check(after, golden: before, mode: .all)
    #expect(all.status == .match && all.recorded && rewritten == after)
  }

  @Test func unchangedGoldenIsNotRewrittenInAnyMode() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("golden.png")
    try original.write(to: file)
    // Pretend the golden is old, so a rewrite would show in its modification time.
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
    let bytes = try Data(contentsOf: file)
    for mode in [RecordMode.missing, .failed, .all, .never] {
      let comparison = try GoldenStore(directory: folder, recordMode: mode)
        .check(original, at: "golden.png")
      #expect(comparison.status == .match && !comparison.recorded, "\(mode)")
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(attributes[.modificationDate] as? Date == old)
    #expect(try Data(contentsOf: file) == bytes)
  }

  @Test func recordingTheSamePixelsTwiceGivesTheSameBytes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = TestImages.cairoRectangle(x: 3.3, width: 20)
    let store = GoldenStore(directory: folder, recordMode: .missing)
    _ = try store.check(image, at: "one.png")
    _ = try store.check(image, at: "two.png")
    #expect(
      try Data(contentsOf: store.url(for: "one.png"))
        == Data(contentsOf: store.url(for: "two.png")))
  }

  @Test func pathsMustStayInsideTheFolder() throws {
    let store = GoldenStore(directory: URL(fileURLWithPath: "/tmp/x"), recordMode: .never)
    #expect(throws: GoldenStoreError.self) { try store.url(for: "../escape.png") }
    #expect(throws: GoldenStoreError.self) { try store.url(for: "/etc/passwd") }
    #expect(try store.url(for: "a/b.png").path == "/tmp/x/a/b.png")
  }

  @Test func orphansAreListedAndPrunedWithEmptyFolders() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = GoldenStore(directory: folder, recordMode: .missing)
    for path in ["keep.png", "old/gone.png", "old/deeper/gone.png", "x/kept.png"] {
      _ = try store.check(original, at: path)
    }
    try Data("{}".utf8).write(to: folder.appendingPathComponent("fingerprint.json"))
    let orphans = try store.orphans(expecting: ["keep.png", "x/kept.png"])
    #expect(orphans == ["old/deeper/gone.png", "old/gone.png"])

    var never = store
    never.recordMode = .never
    #expect(throws: GoldenStoreError.self) { try never.prune(orphans) }
    #expect(try store.goldenPaths().count == 4)

    #expect(try store.prune(orphans) == orphans)
    #expect(try store.goldenPaths() == ["keep.png", "x/kept.png"])
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("old").path))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("fingerprint.json").path)
    )
  }

  /// The golden is named once, by its path in the folder (the line named it twice, the second
  /// time by its absolute path).
  @Test func unreadableGoldenIsAnErrorNamingTheFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("bad.png")
    try Data("not a png".utf8).write(to: file)
    let store = GoldenStore(directory: folder, recordMode: .missing)
    let comparison = try store.check(original, at: "bad.png")
    #expect(comparison.status == .error && !comparison.passed && !comparison.recorded)
    #expect(
      comparison.summary.hasPrefix(
        "bad.png: cannot read the golden: not a valid PNG ("),
      "\(comparison.summary)")
    #expect(try Data(contentsOf: file) == Data("not a png".utf8), "mode missing keeps it")
  }
}

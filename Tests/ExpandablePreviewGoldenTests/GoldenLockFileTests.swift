import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// The lock file's text and the locked store's checks, with a folder as the golden store.
@Suite struct GoldenLockFileTests {
  static let digest = String(repeating: "ab", count: 32)

  @Test func theTextIsSortedByNameWithAnEmptyLineBetweenGoldensAndReadsBack() throws {
    let lock = GoldenLock(entries: [
      "b/x y.png": .init(sha256: Self.digest, bytes: 12, width: 3, height: 4),
      "a/z.png": .init(sha256: Self.digest, bytes: 7, width: 1, height: 2),
    ])
    #expect(
      lock.text == """
        expandable-preview goldens 1

        a/z.png \(Self.digest) 7 1x2

        b/x y.png \(Self.digest) 12 3x4

        """)
    #expect(try GoldenLock(text: lock.text, path: "L") == lock)
  }

  @Test(arguments: [
    ("nope\n", "L: line 1: expected 'expandable-preview goldens 1'"),
    ("expandable-preview goldens 1\n\na.png xyz 1 1x1\n", "L: line 3: 'a.png': the SHA-256"),
    (
      "expandable-preview goldens 1\n\na.png \(digest) 0 1x1\n",
      "L: line 3: 'a.png': expected a byte size"
    ),
    (
      "expandable-preview goldens 1\n\na.png \(digest) 4 1x\n",
      "L: line 3: 'a.png': expected a byte size"
    ),
    ("expandable-preview goldens 1\na.png \(digest) 4\n", "L: line 2: expected 'NAME SHA256"),
    (
      "expandable-preview goldens 1\na.png \(digest) 4 1x1\na.png \(digest) 4 1x1\n",
      "L: line 3: 'a.png' is listed twice"
    ),
  ])
  func aDamagedLineIsNamed(text: String, message: String) throws {
    #expect {
      try GoldenLock(text: text, path: "L")
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }

  @Test func aRenderEqualToItsLineMatchesAndADifferenceReadsTheStore() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let blobs = FolderBlobStore(folder: folder.appendingPathComponent("store"))
    let snapshots = folder.appendingPathComponent("snap")
    let image = TestImages.filled(8, 6)
    let recorded = try GoldenStore(directory: snapshots, recordMode: .missing, lockingIn: blobs)
      .check(image, at: "a/b.png")
    #expect(recorded.verdict == .recorded(.new))
    #expect(
      FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("goldens.lock").path))
    #expect(
      !FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("a/b.png").path))

    // No store at all: the equal render passes, a different one fails saying why.
    let storeless = GoldenStore(directory: snapshots, recordMode: .never, lockingIn: nil)
    #expect(try storeless.check(image, at: "a/b.png").verdict == .matched(nil))
    let changed = TestImages.setting(image, 2, 2, (255, 0, 0, 255))
    let unavailable = try storeless.check(changed, at: "a/b.png")
    #expect(!unavailable.passed)
    #expect(unavailable.summary.contains("no golden store is set"), "\(unavailable.summary)")

    // With the store, the difference is a pixel diff against the golden's bytes.
    let compared = try GoldenStore(directory: snapshots, recordMode: .never, lockingIn: blobs)
      .check(changed, at: "a/b.png")
    #expect(compared.status == .mismatch)
    #expect(compared.diff?.result.diffPixels == 1)
    // Under --compare layout's tolerance bytes that cannot be had still fail.
    let tolerated = try storeless.check(changed, at: "a/b.png", toleratingPixels: true)
    #expect(!tolerated.passed)
  }
}

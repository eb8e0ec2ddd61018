import ExpandablePreviewCLI
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// The review of a locked snapshots folder checks against its lock and approves into it: the
/// bytes uploaded to the golden store first, then the lock line; undo puts the line back; a
/// store that refuses the upload leaves the lock as it was.
@Suite struct LockedReviewTests {
  /// `planted` moved into a lock with its bytes in a folder store (`root/store`).
  static func locked() throws -> (GoldenReviewTests.Planted, store: String) {
    let planted = try GoldenReviewTests.Planted()
    let store = planted.root.appendingPathComponent("store").path
    #expect(
      runTool(["goldens", "lock", "--snapshots", planted.snapshots.path, "--golden-store", store])
        == 0)
    return (planted, store)
  }

  static func lock(_ planted: GoldenReviewTests.Planted) throws -> GoldenLock {
    try #require(try GoldenLock.read(in: planted.snapshots))
  }

  @Test func approveUploadsThenWritesTheLineAndUndoPutsTheLineBack() throws {
    let (planted, store) = try Self.locked()
    defer { planted.remove() }
    let before = try planted.files(planted.snapshots)
    let oldLine = try #require(try Self.lock(planted).entries[planted.golden])
    let environment = [GoldenStore.storeVariable: store]
    let loop = MainLoopThread()
    defer {
      loop.quit()
      loop.wait()
    }
    let review = Review(
      manifest: planted.manifest, snapshots: planted.snapshots.path,
      artifacts: planted.artifacts.path, workers: 1, loop: loop, environment: environment)
    review.run()
    review.wait()
    // The failing golden's expected image is the store's bytes.
    let listed = try #require(
      try ReviewRejectionTests.json(review.state)["items"] as? [[String: Any]])
    #expect(listed.map { $0["path"] as? String } == [planted.golden])

    let approved = ReviewRejectionTests.send(review.approve, planted.golden)
    #expect(approved.status == 200, "\(approved.text)")
    let newLine = try #require(try Self.lock(planted).entries[planted.golden])
    #expect(newLine != oldLine)
    let blob = URL(fileURLWithPath: store).appendingPathComponent("cas/" + newLine.sha256)
    let uploaded = try Data(contentsOf: blob)
    #expect(uploaded.count == newLine.bytes)
    #expect(SHA256Digest.hex(of: uploaded) == newLine.sha256)
    let after = try planted.files(planted.snapshots)
    #expect(after[planted.golden] == nil, "no image file in a locked folder")
    #expect(after["bio/collapsed@2x.layout.json"] != before["bio/collapsed@2x.layout.json"])
    #expect(
      !String(decoding: after["bio/collapsed@2x.layout.json"] ?? Data(), as: UTF8.self)
        .contains("sha256"))
    #expect(
      (try ReviewRejectionTests.json(review.state)["items"] as? [[String: Any]])?.isEmpty == true)
    #expect(GoldenReviewTests.Planted.verifyLocked(planted, store: store) == 0)

    let undone = ReviewRejectionTests.send({ _, respond in review.undo(respond: respond) }, "")
    #expect(undone.status == 200, "\(undone.text)")
    #expect(try Self.lock(planted).entries[planted.golden] == oldLine)
    #expect(try planted.files(planted.snapshots) == before)
    // The blob stays: a golden store never deletes one (another line may name it).
    #expect(FileManager.default.fileExists(atPath: blob.path))
    #expect(
      (try ReviewRejectionTests.json(review.state)["items"] as? [[String: Any]])?.count == 1)

    // A reject writes no golden: the lock stays; its undo too.
    let rejected = ReviewRejectionTests.send(review.reject, "\(planted.golden)\nnot this one")
    #expect(rejected.status == 200, "\(rejected.text)")
    #expect(try planted.files(planted.snapshots) == before)
  }

  @Test func aStoreRefusingTheUploadLeavesTheLockAsItWas() throws {
    let (planted, store) = try Self.locked()
    defer { planted.remove() }
    // A store whose folder is a file: every upload fails.
    let refusing = planted.root.appendingPathComponent("not-a-folder")
    try Data("x".utf8).write(to: refusing)
    let before = try planted.files(planted.snapshots)
    let listing = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 1,
      environment: [GoldenStore.storeVariable: store])
    let digest = listing.goldenDigest(planted.golden)
    #expect(digest == (try Self.lock(planted).entries[planted.golden]?.sha256))
    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 1,
      environment: [GoldenStore.storeVariable: refusing.path])
    #expect {
      try review.approve(planted.golden, goldenAtRun: digest)
    } throws: { error in
      "\(error)".hasPrefix("not recorded: ")
    }
    #expect(try planted.files(planted.snapshots) == before)
  }

  @Test func withoutAStoreApproveIsRefusedNamingTheVariable() throws {
    let (planted, _) = try Self.locked()
    defer { planted.remove() }
    let before = try planted.files(planted.snapshots)
    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 1, environment: [:])
    let listed = review.verify()
    #expect(listed.failures.map(\.path) == [planted.golden])
    #expect {
      try review.approve(planted.golden, goldenAtRun: review.goldenDigest(planted.golden))
    } throws: { error in
      "\(error)".contains("no golden store is set")
        && "\(error)".contains(GoldenStore.storeVariable)
    }
    #expect(try planted.files(planted.snapshots) == before)
  }
}

extension GoldenReviewTests.Planted {
  /// `verify --record never` of the locked folder with its bytes in `store`.
  static func verifyLocked(_ planted: Self, store: String) -> Int32 {
    planted.verify(planted.snapshots, "--record", "never", "--golden-store", store)
  }
}

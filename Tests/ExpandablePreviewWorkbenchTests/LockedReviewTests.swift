import ExpandablePreviewCLI
import ExpandablePreviewEngine
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// The review of a locked snapshots folder checks against its lock, and refuses to approve
/// (its undo keeps files, not lock lines and uploads) without writing anything.
@Suite struct LockedReviewTests {
  @Test func aLockedFolderIsReviewedByItsLockAndApproveIsRefused() throws {
    let planted = try GoldenReviewTests.Planted()
    defer { planted.remove() }
    let store = planted.root.appendingPathComponent("store").path
    #expect(
      runTool(["goldens", "lock", "--snapshots", planted.snapshots.path, "--golden-store", store])
        == 0)
    let before = try planted.files(planted.snapshots)
    #expect(before["goldens.lock"] != nil && before[planted.golden] == nil)

    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 1)
    let listed = review.verify()
    #expect(listed.checked == 2)
    #expect(listed.failures.map(\.path) == [planted.golden])
    #expect {
      try review.approve(planted.golden, goldenAtRun: nil)
    } throws: { error in
      "\(error)".contains("is locked (goldens.lock)")
    }
    #expect(try planted.files(planted.snapshots) == before)
  }
}

import ExpandablePreviewGolden
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The workbench's review approving into a locked folder whose store is a real nginx with
/// WebDAV: the upload is one PUT before the lock line changes; undo puts the line back; a
/// store refusing writes leaves the lock as it was.
@Suite struct GoldenLockReviewTests {
  let locked = GoldenLockTests()

  func review(_ store: String) throws -> GoldenReview {
    try GoldenReview(
      manifest: locked.scratch.url.appendingPathComponent("m.json").path,
      snapshots: locked.scratch.url.appendingPathComponent("snap").path, workers: 1,
      environment: [GoldenStore.storeVariable: store])
  }

  @Test func approveUploadsOnceThenWritesTheLineAndUndoPutsItBack() throws {
    guard let nginx = try GoldenLockTests.nginx() else { return }
    try locked.record(into: nginx.url)
    let lock = try locked.lockText()
    try locked.scratch.write("m.json", GoldenLockTests.manifest(changing: [3]))
    let review = try review(nginx.url)
    let golden = "i03/collapsed@1x.png"
    let listed = review.verify()
    #expect(listed.failures.map(\.path) == [golden])
    let before = try nginx.requests()
    let backup = try review.approve(golden, goldenAtRun: listed.goldenDigests[golden] ?? nil)
    let made = try nginx.requests().dropFirst(before.count)
    // The approve's check reads the old golden to compare (GET), then uploads the new bytes
    // once (PUT), named by the line written after.
    let old = try #require(lock.split(separator: "\n").first { $0.hasPrefix("i03/") })
    let line = try #require(
      try locked.lockText().split(separator: "\n").first { $0.hasPrefix("i03/") })
    #expect(
      made.elementsEqual([
        "GET /ep/cas/\(old.split(separator: " ")[1]) 200",
        "PUT /ep/cas/\(line.split(separator: " ")[1]) 201",
      ]), "\(made)")
    #expect(try locked.lockText() != lock)
    #expect(review.verify().failures.isEmpty)

    try backup.restore()
    #expect(try locked.lockText() == lock)
    #expect(review.verify().failures.map(\.path) == [golden])
  }

  @Test func aStoreRefusingWritesLeavesTheLockAsItWas() throws {
    guard let nginx = try GoldenLockTests.nginx() else { return }
    try locked.record(into: nginx.url)
    let lock = try locked.lockText()
    guard let readOnly = try GoldenLockTests.nginx(.refusingWrites) else { return }
    try FileManager.default.removeItem(at: readOnly.root)
    try FileManager.default.copyItem(at: nginx.root, to: readOnly.root)
    try locked.scratch.write("m.json", GoldenLockTests.manifest(changing: [5]))
    let review = try review(readOnly.url)
    let golden = "i05/collapsed@1x.png"
    let listed = review.verify()
    #expect(listed.failures.map(\.path) == [golden])
    #expect {
      try review.approve(golden, goldenAtRun: listed.goldenDigests[golden] ?? nil)
    } throws: { error in
      "\(error)".contains("refused the upload")
    }
    #expect(try locked.lockText() == lock)
  }
}

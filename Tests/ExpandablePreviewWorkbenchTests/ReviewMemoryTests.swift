import ExpandablePreview
import ExpandablePreviewCLI
import ExpandablePreviewEngine
import Foundation
import Testing

/// The review's memory is bounded whatever its goldens' dimensions: goldens are decoded
/// through one gate, failures keep PNG bytes, and a run keeps images up to a pixel budget,
/// saying so past it.
@Suite struct ReviewMemoryTests {
  /// Three items whose goldens were recorded from other texts of the same length, so each
  /// fails with images of one size.
  struct ThreeFailures {
    let root: URL
    let manifest: String
    let snapshots: URL

    init() throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("review-memory-\(UInt64.random(in: 0...UInt64.max))")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      manifest = root.appendingPathComponent("manifest.json").path
      snapshots = root.appendingPathComponent("snapshots")
      try write(word: "before")
      let recorded = runTool([
        "verify", manifest, "--snapshots", snapshots.path, "--record", "missing", "--quiet",
        "--artifacts", root.appendingPathComponent("artifacts").path,
      ])
      #expect(recorded == 1)
      try write(word: "latter")
    }

    func write(word: String) throws {
      let items = (0..<3).map {
        #"{"name": "item\#($0)", "text": "Text \#($0) \#(word).", "states": "collapsed"}"#
      }
      let json =
        #"{"defaults": {"width": 200, "scale": 1}, "items": ["#
        + items.joined(separator: ", ") + "]}"
      try Data(json.utf8).write(to: URL(fileURLWithPath: manifest))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  /// The pixels one failure's images have: expected, actual and difference.
  static func pixels(of failure: ReviewFailure) throws -> Int {
    let expected = try #require(ReviewFailure.pixelSize(ofPNG: failure.expected))
    let actual = try #require(ReviewFailure.pixelSize(ofPNG: failure.actual))
    let difference = try #require(ReviewFailure.pixelSize(ofPNG: failure.difference))
    return [expected, actual, difference].reduce(0) { $0 + $1.width * $1.height }
  }

  @Test func aRunKeepsImagesUpToItsPixelBudgetAndSaysSoPastIt() throws {
    let planted = try ThreeFailures()
    defer { planted.remove() }
    let whole = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 2
    ).verify()
    #expect(whole.failures.count == 3)
    #expect(whole.failures.allSatisfy { $0.expected != nil && $0.difference != nil })
    let one = try Self.pixels(of: try #require(whole.failures.first))
    #expect(try whole.failures.allSatisfy { try Self.pixels(of: $0) == one })

    var limits = ReviewLimits()
    limits.kept = one + one / 2
    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 2, limits: limits)
    let bounded = review.verify()
    #expect(bounded.failures.count == 3)
    let shown = bounded.failures.filter { $0.expected != nil }
    let withheld = bounded.failures.filter { $0.expected == nil }
    #expect(shown.count == 1)
    #expect(withheld.count == 2)
    for failure in withheld {
      #expect(failure.actual == nil && failure.difference == nil)
      #expect(failure.canApprove)  // the check stands; only its images are left out
      #expect(failure.summary.contains("its images are not kept: this review's budget of"))
      #expect(failure.summary.contains("`verify --artifacts DIR` writes them"))
    }
    // Each run has its own budget.
    #expect(review.verify().failures.filter { $0.expected != nil }.count == 1)
  }

  @Test func aGoldenPastTheBudgetIsListedWithItsSizeAndNoImages() throws {
    let planted = try ThreeFailures()
    defer { planted.remove() }
    // A golden far larger than the render, made with the project's own encoder.
    let side = 3000
    let large = Image(
      width: side, height: side, rgba: [UInt8](repeating: 255, count: side * side * 4))
    try large.pngData().write(
      to: planted.snapshots.appendingPathComponent("item1/collapsed@1x.png"))
    var limits = ReviewLimits()
    limits.kept = 4_000_000
    let result = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 2, limits: limits
    ).verify()
    let byPath = Dictionary(uniqueKeysWithValues: result.failures.map { ($0.path, $0) })
    let giant = try #require(byPath["item1/collapsed@1x.png"])
    #expect(giant.expected == nil && giant.actual == nil && giant.difference == nil)
    #expect(giant.summary.contains("this golden is 3000×3000"))
    #expect(giant.summary.contains("budget of 4 megapixels"))
    #expect(byPath["item0/collapsed@1x.png"]?.expected != nil)
    #expect(byPath["item2/collapsed@1x.png"]?.expected != nil)
  }

  @Test func goldensAreDecodedThroughTheReviewsGateOneAtATimePastItsCapacity() throws {
    let planted = try ThreeFailures()
    defer { planted.remove() }
    var limits = ReviewLimits()
    // Smaller than any one check: each decodes alone, whatever the number of workers.
    limits.decoding = 10
    let review = try GoldenReview(
      manifest: planted.manifest, snapshots: planted.snapshots.path, workers: 3, limits: limits)
    #expect(review.verify().failures.count == 3)
    #expect(review.gate.peak.works == 1)
    #expect(review.gate.peak.pixels == 10)
  }
}

import ExpandablePreview
import Foundation

extension GoldenStore {
  /// Compares an animation (rendered with `keepingFrames`) with the animated PNG golden at
  /// `relativePath`, frame by frame as a viewer shows them: the frame count, each frame's
  /// delay, then each frame's pixels with ``ImageDiff``. The comparison is about the first
  /// frame that does not match (``GoldenComparison/frame``), whose diff it carries for the
  /// three-panel artifact. A golden that is a plain PNG is a mismatch that says so. Records
  /// the APNG as ``check(_:at:toleratingPixels:)-(Image,_,_)`` records a still.
  ///
  /// - Throws: ``GoldenStoreError`` when the path leaves the folder, the animation has no
  ///   frame images, or the golden cannot be written.
  public func check(
    _ animation: AnimationRenderResult, at relativePath: String, toleratingPixels: Bool = false
  ) throws -> GoldenComparison {
    let file = try url(for: relativePath)
    guard animation.images.count == animation.frames.count, let first = animation.images.first
    else {
      throw GoldenStoreError(
        path: relativePath, message: "the animation was rendered without its frame images")
    }
    /// The comparison for a golden that is missing or unreadable (`problem`), matches, or
    /// differs as `difference` says; `diff` is the frame's the comparison is about.
    func outcome(
      _ status: GoldenStatus, difference: GoldenDifference? = nil, problem: String? = nil,
      diff: ImageDiff? = nil, frame: Int? = nil, identical: Bool = false, golden: Data? = nil
    ) throws -> GoldenComparison {
      // Under --compare layout with the layout unchanged, a pixel difference passes.
      let tolerated = toleratingPixels && status != .missing && status != .error
      let kept = tolerated ? nil : difference
      let status = tolerated ? .match : (difference?.status ?? status)
      let record = recordMode.writes(status, pixelsIdentical: identical)
      if record { try write(animation.apng, to: file) }
      var comparison = GoldenComparison(
        path: relativePath, status: status, difference: kept, diff: diff, problem: problem,
        recorded: record, recordMode: recordMode,
        actual: frame.map { animation.images[$0] } ?? first, actualPNG: animation.apng,
        goldenPNG: golden, frame: frame, frameCount: animation.frames.count)
      if tolerated { comparison.toleratedDifference = difference }
      return comparison
    }

    let bytes: Data
    let limit = GoldenFile.maxGoldenBytes(
      width: first.width, height: first.height, frames: animation.frames.count)
    switch GoldenFile.read(file, maxBytes: limit) {
    case .absent: return try outcome(.missing)
    case .unreadable(let reason): return try outcome(.error, problem: reason)
    case .bytes(let data): bytes = data
    }
    // The announced frame count and plays first: a small golden announcing thousands of
    // frames is a mismatch before any frame is decoded.
    let announced: (frames: Int, plays: Int)?
    do {
      announced = try APNGAnimation.announcement(in: bytes)
    } catch {
      return try outcome(
        .error, problem: "\(file.path) is not a valid animated PNG (\(error))", golden: bytes)
    }
    guard let announced else {
      do {
        _ = try Image(pngData: bytes)
      } catch {
        return try outcome(
          .error, problem: "\(file.path) is not a valid PNG (\(error))", golden: bytes)
      }
      return try outcome(.mismatch, difference: .notAnimated, golden: bytes)
    }
    guard announced.frames == animation.frames.count else {
      return try outcome(
        .mismatch,
        difference: .frameCount(golden: announced.frames, animation: animation.frames.count),
        golden: bytes)
    }
    let plays = (try? APNGAnimation.announcement(in: animation.apng))??.plays ?? 0
    guard announced.plays == plays else {
      return try outcome(
        .mismatch,
        difference: .loopCount(golden: announced.plays, animation: plays), golden: bytes)
    }
    let golden: APNGAnimation
    do {
      golden = try APNGAnimation(data: bytes)
    } catch {
      return try outcome(
        .error, problem: "\(file.path) is not a valid animated PNG (\(error))", golden: bytes)
    }
    var lastDiff: ImageDiff? = nil
    var identical = true
    for (index, frame) in golden.frames.enumerated() {
      let delay = animation.frames[index].delay
      guard abs(frame.delay - delay) < 1e-6 else {
        return try outcome(
          .mismatch,
          difference: .frameDelay(
            index, of: golden.frames.count, golden: frame.delay, animation: delay),
          frame: index, golden: bytes)
      }
      let diff = ImageDiff(expected: frame.image, actual: animation.images[index], options: options)
      switch diff.result.status {
      case .match:
        identical = identical && diff.isIdentical
        lastDiff = diff
      case .mismatch:
        return try outcome(
          .mismatch, difference: .frame(index, of: golden.frames.count, .pixels(diff.result)),
          diff: diff, frame: index, golden: bytes)
      case .sizeChanged:
        return try outcome(
          .sizeChanged, difference: .frame(index, of: golden.frames.count, .size(diff.result)),
          diff: diff, frame: index, golden: bytes)
      }
    }
    return try outcome(.match, diff: lastDiff, identical: identical, golden: bytes)
  }
}

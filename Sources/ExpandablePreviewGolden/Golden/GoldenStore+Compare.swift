import ExpandablePreview
import Foundation

extension GoldenStore {
  /// Compares `image` with the golden at `relativePath`, decoding the golden once, and writes
  /// the golden when the record mode asks for it. A golden whose pixels are identical to
  /// `image` is never rewritten, so its bytes and modification time stay. A golden that cannot
  /// be read (not a regular file, not a PNG) is ``GoldenVerdict/unreadable(_:)``; modes
  /// `failed` and `all` replace it.
  ///
  /// - Parameters:
  ///   - image: the new render.
  ///   - relativePath: the golden's path relative to the folder.
  ///   - toleratingPixels: the image's layout equals the golden's record under
  ///     `--compare layout`: a pixel difference passes (``GoldenVerdict/sameLayout(_:_:)``)
  ///     and is recorded only as a match is.
  /// - Throws: ``GoldenStoreError`` when the path leaves the folder or the golden cannot be
  ///   written.
  public func check(_ image: Image, at relativePath: String, toleratingPixels: Bool = false)
    throws -> GoldenComparison
  {
    try check(.still(image), at: relativePath, toleratingPixels: toleratingPixels)
  }

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
    try check(.animation(animation), at: relativePath, toleratingPixels: toleratingPixels)
  }

  /// Compares what a snapshot renders, a still or an animation, in its `GoldenFormat`.
  func check(
    _ content: RenderedSnapshot.Content, at relativePath: String, toleratingPixels: Bool
  ) throws -> GoldenComparison {
    let candidate: GoldenCandidate
    do throws(GoldenCandidateError) {
      candidate = try GoldenCandidate(content)
    } catch {
      throw GoldenStoreError(
        path: relativePath, message: "the animation was rendered without its frame images")
    }
    return try check(candidate, at: relativePath, toleratingPixels: toleratingPixels)
  }

  /// The one compare loop of stills and animations: reads the golden (bounded), decodes its
  /// frames, compares frame count, loop count, then each frame's delay and pixels as a viewer
  /// shows them, and writes the golden when the record mode asks for it. The comparison is
  /// about the first frame that differs; a golden whose pixels are identical is never
  /// rewritten. Under `--compare layout` (`toleratingPixels`) a pixel difference passes.
  func check(_ candidate: GoldenCandidate, at relativePath: String, toleratingPixels: Bool)
    throws -> GoldenComparison
  {
    let file = try url(for: relativePath)
    let animated = candidate.isAnimation
    // A lock compares digests: the bytes are encoded once, for the digest and for a record.
    var encoded = candidate.encoded
    if images.comparesDigests && encoded == nil { encoded = try candidate.bytes() }
    /// The comparison for a golden that is missing or unreadable (`problem`), matches, or
    /// differs as `difference` says; `diff` is the frame's the comparison is about.
    func outcome(
      _ status: GoldenVerdict.Status, difference: GoldenDifference? = nil, problem: String? = nil,
      diff: ImageDiff? = nil, frame: Int? = nil, identical: Bool = false, golden: Data? = nil
    ) throws -> GoldenComparison {
      // Bytes that could not be had are never a pass, whatever the layout says.
      let tolerated =
        toleratingPixels && status != .missing && status != .error
        && !(difference?.isUnavailable ?? false)
      let record = recordMode.writes(
        tolerated ? .match : (difference?.status ?? status), pixelsIdentical: identical)
      var written: Data? = nil
      if record {
        let bytes = try encoded ?? candidate.bytes()
        written = bytes
        try images.write(
          bytes, at: relativePath, width: candidate.frames[0].width,
          height: candidate.frames[0].height)
      }
      let verdict: GoldenVerdict =
        switch (status, record, tolerated ? nil : difference) {
        case (.missing, false, _): .missing
        case (.missing, true, _): .recorded(.new)
        case (.error, false, _): .unreadable(problem ?? "unknown reason")
        case (.error, true, _): .recorded(.replacedUnreadable(problem ?? "unknown reason"))
        case (_, false, let difference?): .differs(difference, GoldenExplanation())
        case (_, true, let difference?): .recorded(.replaced(difference))
        case (_, true, nil): diff.map { .recorded(.refreshed($0.result)) } ?? .matched(nil)
        case (_, false, nil):
          difference.map { .sameLayout($0, GoldenExplanation()) } ?? .matched(diff?.result)
        }
      return GoldenComparison(
        path: relativePath, verdict: verdict, diff: diff, recordMode: recordMode,
        actual: candidate.frames[frame ?? 0], actualPNG: encoded ?? written,
        goldenPNG: golden, frame: animated ? frame : nil,
        frameCount: animated ? candidate.frames.count : nil)
    }

    // The lock's line names these very bytes: a pass without reading the golden.
    if let encoded, images.holds(encoded, at: relativePath) {
      return try outcome(.match, identical: true)
    }
    let bytes: Data
    switch images.read(relativePath, maxBytes: candidate.maxGoldenBytes) {
    case .absent: return try outcome(.missing)
    case .unreadable(let reason): return try outcome(.error, problem: reason)
    case .unavailable(let reason):
      return try outcome(.mismatch, difference: .bytesUnavailable(reason))
    case .bytes(let data): bytes = data
    }
    let goldenImages: [Image]
    let goldenDelays: [Double]?
    switch candidate.goldenFrames(bytes, file: file) {
    case .unreadable(let problem): return try outcome(.error, problem: problem, golden: bytes)
    case .differs(let difference):
      return try outcome(.mismatch, difference: difference, golden: bytes)
    case .frames(let images, let delays): (goldenImages, goldenDelays) = (images, delays)
    }
    let count = goldenImages.count
    /// A frame's difference: a still's as it is, an animation's naming the frame.
    func inFrame(_ index: Int, _ difference: GoldenDifference) -> GoldenDifference {
      animated ? .frame(index, of: count, difference) : difference
    }
    var lastDiff: ImageDiff? = nil
    var identical = true
    for (index, golden) in goldenImages.enumerated() {
      if let goldenDelays, let delays = candidate.format.delays,
        abs(goldenDelays[index] - delays[index]) >= 1e-6
      {
        return try outcome(
          .mismatch,
          difference: .frameDelay(
            index, of: count, golden: goldenDelays[index], animation: delays[index]),
          frame: index, golden: bytes)
      }
      let diff = ImageDiff(expected: golden, actual: candidate.frames[index], options: options)
      switch diff.result.status {
      case .match:
        identical = identical && diff.isIdentical
        lastDiff = diff
      case .mismatch:
        return try outcome(
          .mismatch, difference: inFrame(index, .pixels(diff.result)), diff: diff, frame: index,
          golden: bytes)
      case .sizeChanged:
        return try outcome(
          .sizeChanged, difference: inFrame(index, .size(diff.result)), diff: diff, frame: index,
          golden: bytes)
      }
    }
    return try outcome(.match, diff: lastDiff, identical: identical, golden: bytes)
  }
}

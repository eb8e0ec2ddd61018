import ExpandablePreview
import Foundation

extension GoldenStore {
  /// The one compare loop of every ``GoldenKind``: reads the golden (bounded by what the kind
  /// allows), lets the kind compare it with the render (``GoldenDiffing``), and writes the
  /// golden when the record mode asks for it. The comparison is about the first frame that
  /// differs; a golden whose pixels are identical is never rewritten. Under `--compare layout`
  /// (`toleratingPixels`) a pixel difference passes. Each kind's file adds the public `check`
  /// for its value (an `Image`, an `AnimationRenderResult`).
  func check(_ render: GoldenRender, at relativePath: String, toleratingPixels: Bool)
    throws -> GoldenComparison
  {
    // A path that leaves the folder is refused before anything is read or written.
    _ = try url(for: relativePath)
    let namesFrames = render.kind.namesFrames
    // A lock compares digests: the bytes are encoded once, for the digest and for a record.
    var encoded = render.encoded
    if images.comparesDigests && encoded == nil { encoded = try render.bytes() }
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
        let bytes = try encoded ?? render.bytes()
        written = bytes
        try images.write(
          bytes, at: relativePath, width: render.first.width, height: render.first.height)
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
        actual: render.frames[frame ?? 0], actualPNG: encoded ?? written,
        goldenPNG: golden, frame: namesFrames ? frame : nil,
        frameCount: namesFrames ? render.frames.count : nil)
    }

    // The lock's line names these very bytes: a pass without reading the golden.
    if let encoded, images.holds(encoded, at: relativePath) {
      return try outcome(.match, identical: true)
    }
    let bytes: Data
    switch images.read(relativePath, maxBytes: render.maxGoldenBytes) {
    case .absent: return try outcome(.missing)
    case .unreadable(let reason): return try outcome(.error, problem: reason)
    case .unavailable(let reason):
      return try outcome(.mismatch, difference: .bytesUnavailable(reason))
    case .bytes(let data): bytes = data
    }
    switch render.kind.diffing.compare(bytes, render, options) {
    case .unreadable(let problem): return try outcome(.error, problem: problem, golden: bytes)
    case .differs(let difference, let diff, let frame):
      return try outcome(
        difference.status, difference: difference, diff: diff, frame: frame, golden: bytes)
    case .matches(let last, let identical):
      return try outcome(.match, diff: last, identical: identical, golden: bytes)
    }
  }
}

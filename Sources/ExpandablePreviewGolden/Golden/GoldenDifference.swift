import ExpandablePreview

/// How an image or animation differs from its golden, as the comparison found it.
public indirect enum GoldenDifference: Sendable, Hashable {
  /// Same size, and more pixels differ than the tolerances allow.
  case pixels(DiffResult)
  /// Another width or height.
  case size(DiffResult)
  /// An animation's frame `index` (of `count`) differs as `difference` says.
  case frame(Int, of: Int, GoldenDifference)
  /// The golden differs in what its ``GoldenKind`` keeps beside pixels, in the kind's words:
  /// an animation's frame count, loop count or a frame's delay, or a plain PNG where an
  /// animated one belongs.
  case format(String)
  /// The pixels match but the layout differs from the golden's record (`--compare layout`).
  case layout
  /// The render's digest is not its lock line's and the golden's bytes could not be had to
  /// compare pixels (why, in words); never a pass.
  case bytesUnavailable(String)

  /// The status a report files this difference under.
  public var status: GoldenVerdict.Status {
    switch self {
    case .size: .sizeChanged
    case .frame(_, _, let difference): difference.status
    case .pixels, .format, .layout, .bytesUnavailable:
      .mismatch
    }
  }

  /// The pixel comparison behind the difference, when there is one.
  public var diff: DiffResult? {
    switch self {
    case .pixels(let result), .size(let result): result
    case .frame(_, _, let difference): difference.diff
    case .format, .layout, .bytesUnavailable: nil
    }
  }

  /// The difference in words: "12 of 800 pixels differ (…)", "size changed from 40×20 to 44×20",
  /// "frame 3 of 12: …"; a difference a kind finds beside pixels in its words.
  public var description: String {
    switch self {
    case .pixels(let result), .size(let result): result.summary
    case .frame(let index, let count, let difference):
      "frame \(index) of \(count): \(difference.description)"
    case .format(let words): words
    case .layout: "the pixels match but the layout differs from its record"
    case .bytesUnavailable(let reason): "the render differs from the lock's digest; \(reason)"
    }
  }

  /// Whether the golden's bytes could not be had, so no pixels were compared.
  var isUnavailable: Bool {
    if case .bytesUnavailable = self { return true }
    return false
  }
}

import ExpandablePreview

/// How an image or animation differs from its golden, as the comparison found it.
public indirect enum GoldenDifference: Sendable, Hashable {
  /// Same size, and more pixels differ than the tolerances allow.
  case pixels(DiffResult)
  /// Another width or height.
  case size(DiffResult)
  /// An animation's frame `index` (of `count`) differs as `difference` says.
  case frame(Int, of: Int, GoldenDifference)
  /// The golden animation has another number of frames.
  case frameCount(golden: Int, animation: Int)
  /// The golden animation plays another number of times (0: forever).
  case loopCount(golden: Int, animation: Int)
  /// Frame `index` (of `count`) is shown for another time.
  case frameDelay(Int, of: Int, golden: Double, animation: Double)
  /// The golden of an animation is a plain PNG.
  case notAnimated
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
    case .pixels, .frameCount, .loopCount, .frameDelay, .notAnimated, .layout, .bytesUnavailable:
      .mismatch
    }
  }

  /// The pixel comparison behind the difference, when there is one.
  public var diff: DiffResult? {
    switch self {
    case .pixels(let result), .size(let result): result
    case .frame(_, _, let difference): difference.diff
    case .frameCount, .loopCount, .frameDelay, .notAnimated, .layout, .bytesUnavailable: nil
    }
  }

  /// The difference in words: "12 of 800 pixels differ (…)", "size changed from 40×20 to 44×20",
  /// "frame 3 of 12: …".
  public var description: String {
    switch self {
    case .pixels(let result), .size(let result): result.summary
    case .frame(let index, let count, let difference):
      "frame \(index) of \(count): \(difference.description)"
    case .frameCount(let golden, let animation):
      "the golden has \(golden) frames, the animation \(animation)"
    case .loopCount(let golden, let animation):
      "the golden plays \(Self.plays(golden)), the animation \(Self.plays(animation))"
    case .frameDelay(let index, let count, let golden, let animation):
      "frame \(index) of \(count) is shown for \(golden) s in the golden, \(animation) s in the "
        + "animation"
    case .layout: "the pixels match but the layout differs from its record"
    case .bytesUnavailable(let reason): "the render differs from the lock's digest; \(reason)"
    case .notAnimated:
      "the golden is a plain PNG, not an animated PNG (it has no acTL chunk); an animation's "
        + "golden must be one"
    }
  }

  /// Whether the golden's bytes could not be had, so no pixels were compared.
  var isUnavailable: Bool {
    if case .bytesUnavailable = self { return true }
    return false
  }

  /// A loop count in words: APNG's 0 means forever.
  private static func plays(_ count: Int) -> String {
    count == 0 ? "forever" : count == 1 ? "once" : "\(count) times"
  }
}

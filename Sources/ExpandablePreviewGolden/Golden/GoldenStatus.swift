import ExpandablePreview
import Foundation

/// What became of one image checked against its golden.
public enum GoldenStatus: String, Sendable, Hashable, Codable, CaseIterable {
  /// The golden exists and the image matches it (within the tolerances).
  case match
  /// The golden exists, has the same size, and too many pixels differ.
  case mismatch
  /// There is no golden yet.
  case missing
  /// A golden nothing produces any more.
  case orphan
  /// The golden exists with another width or height.
  case sizeChanged = "size-changed"
  /// The image does not match, and the font files the golden was recorded with are missing or
  /// different on this machine: the pixels cannot be compared meaningfully here.
  case fontsDiffer = "fonts-differ"
  /// The image could not be checked: the golden cannot be read or written, or the image could
  /// not be rendered. The entry's summary says why.
  case error

  /// Whether this status fails a run (orphans are only listed).
  public var isFailure: Bool {
    switch self {
    case .match, .orphan: false
    case .mismatch, .missing, .sizeChanged, .fontsDiffer, .error: true
    }
  }
}

/// The compare step of a golden check (``GoldenStore/check(_:at:toleratingPixels:)-(Image,_,_)``): what the pixels say,
/// before ``GoldenCheck`` explains a failure and leaves its artifacts.
public struct GoldenComparison: Sendable {
  /// The golden's path relative to the store's folder, with `/` separators.
  public let path: String
  /// ``GoldenStatus/match``, ``GoldenStatus/mismatch``, ``GoldenStatus/sizeChanged``,
  /// ``GoldenStatus/missing`` or ``GoldenStatus/error`` (an unreadable golden).
  public let status: GoldenStatus
  /// How the image differs, with status ``GoldenStatus/mismatch`` or ``GoldenStatus/sizeChanged``.
  public let difference: GoldenDifference?
  /// The pixel comparison; nil when the golden was missing or unreadable.
  public let diff: ImageDiff?
  /// Why the golden could not be read, for status ``GoldenStatus/error``.
  public let problem: String?
  /// Whether the golden file was written by this check.
  public let recorded: Bool
  /// The mode the store recorded in.
  public let recordMode: RecordMode
  /// The image that was checked.
  public let actual: Image
  /// The file bytes of the render, when the check has them: a still it encoded to record the
  /// golden, or an animation's APNG.
  let actualPNG: Data?
  /// The golden file's bytes as read before the check (it may have been re-recorded since).
  let goldenPNG: Data?

  /// For an animation: the frame the comparison is about (the first that does not match) and
  /// the animation's frame count; nil for a still.
  public var frame: Int? = nil
  /// The animation's frame count; nil for a still.
  public var frameCount: Int? = nil

  /// Under `--compare layout`, the pixel difference that passed because the layout equals the
  /// golden's record.
  public internal(set) var toleratedDifference: GoldenDifference? = nil

  /// Whether the check passed.
  public var passed: Bool { !status.isFailure }

  /// This comparison failed because the layout differs from the golden's record while the
  /// pixels match (`--compare layout`); `recorded` when the mode rewrote the record.
  func failingOnLayout(recorded: Bool) -> GoldenComparison {
    var comparison = GoldenComparison(
      path: path, status: .mismatch, difference: .layout, diff: diff, problem: problem,
      recorded: recorded, recordMode: recordMode, actual: actual, actualPNG: actualPNG,
      goldenPNG: goldenPNG, frame: frame, frameCount: frameCount)
    comparison.toleratedDifference = toleratedDifference
    return comparison
  }

  /// One line for a person, naming the file: the words of ``GoldenCheckOutcome/summary``,
  /// without an explanation.
  public var summary: String {
    GoldenCheckOutcome(self, explanation: GoldenExplanation(), recordModeInWords: nil).summary
  }
}

import ExpandablePreview
import Foundation

/// The compare step of a golden check (``GoldenStore/check(_:at:toleratingPixels:)-(Image,_,_)``): the
/// verdict the pixels give, with the images behind it, before ``GoldenCheck`` explains a
/// failure and leaves its artifacts.
public struct GoldenComparison: Sendable {
  /// The golden's path relative to the store's folder, with `/` separators.
  public let path: String
  /// What became of the golden; a difference is not explained yet (the golden check adds the
  /// explanation).
  public internal(set) var verdict: GoldenVerdict
  /// The pixel comparison; nil when the golden was missing or unreadable.
  public let diff: ImageDiff?
  /// The mode the store recorded in.
  public let recordMode: RecordMode
  /// The image that was checked.
  public let actual: Image
  /// The file bytes of the render, when the check has them: a still it encoded to record the
  /// golden, or an animation's APNG.
  let actualPNG: Data?
  /// The golden file's bytes as read before the check (it may have been re-recorded since).
  let goldenPNG: Data?

  /// For an animation: the frame the comparison is about (the first that does not match);
  /// nil for a still.
  public var frame: Int? = nil
  /// The animation's frame count; nil for a still.
  public var frameCount: Int? = nil

  /// The verdict's category.
  public var status: GoldenVerdict.Status { verdict.status }
  /// Whether the check passed.
  public var passed: Bool { verdict.passed }
  /// Whether the golden file was written by this check.
  public var recorded: Bool { verdict.recorded }

  /// One line for a person, naming the file: the verdict's words
  /// (``GoldenVerdict/words(recordMode:)``), without an explanation.
  public var summary: String { "\(path): \(verdict.words(recordMode: recordMode.description))" }
}

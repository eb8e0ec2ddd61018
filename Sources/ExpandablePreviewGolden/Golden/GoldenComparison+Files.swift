import ExpandablePreview
import Foundation

/// A failed comparison's images as files: what the artifacts folder writes and what the
/// workbench's review shows, encoded in one place.
extension GoldenComparison {
  /// The render as its golden file would hold it: the bytes the check encoded (a recorded
  /// still, an animation's APNG), else the image encoded now.
  public func actualFileBytes() throws -> Data {
    try actualPNG ?? actual.pngData()
  }

  /// The golden as read before the check; nil when there was none (or it was unreadable and
  /// no pixels were compared).
  public func expectedFileBytes() throws -> Data? {
    try goldenPNG ?? diff?.expected.pngData()
  }

  /// The difference alone at full size (changed pixels red over the faded expected image, as
  /// the middle panel of the artifacts' diff, faded to black for a dark image); nil when no
  /// pixels were compared.
  public func differenceFileBytes() throws -> Data? {
    guard let diff else { return nil }
    return try diff.differenceImage(dark: ImageDiff.isDark(diff.expected)).pngData()
  }
}

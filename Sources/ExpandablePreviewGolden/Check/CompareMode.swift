import ExpandablePreview
import Foundation

/// What decides whether an image passes against its golden.
public enum CompareMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The pixels alone (within the tolerances); the layout record is written but not read.
  case pixels
  /// The layout record alone: an image whose layout equals its golden's record passes even if
  /// its pixels differ (another rasteriser with the same font files). A golden without a record
  /// falls back to pixels.
  case layout
  /// The pixels decide, and the layout record explains a difference (the default).
  case both

  /// The mode as `--compare` spells it.
  public var description: String { rawValue }

  /// Reads `pixels`, `layout` or `both`.
  ///
  /// - Throws: `ConfigurationError` naming `source` (a flag or a key) for anything else.
  public init(parsing text: String, source: String) throws(ConfigurationError) {
    guard let mode = CompareMode(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
    else {
      throw ConfigurationError(
        "\(source): unknown compare mode '\(text)'; use pixels, layout or both")
    }
    self = mode
  }
}

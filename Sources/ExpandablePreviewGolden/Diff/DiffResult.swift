import ExpandablePreview

/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int

  /// A size of `width` × `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// "654×80".
  public var description: String { "\(width)×\(height)" }
}

/// The outcome of comparing an actual image with its expected one.
public struct DiffResult: Sendable, Hashable, Codable {
  /// Whether the images match.
  public enum Status: String, Sendable, Hashable, Codable {
    /// Equal, or different within the tolerances.
    case match
    /// More pixels differ than the tolerances allow.
    case mismatch
    /// The images differ in width or height; this always fails.
    case sizeChanged = "size-changed"
  }

  /// Whether the images match, differ, or differ in size.
  public var status: Status
  /// Pixels that differ beyond the threshold and are not anti-aliasing (or are, when
  /// ``DiffOptions/countsAntialiasing`` is on). With a size change, pixels outside the common
  /// area count too.
  public var diffPixels: Int
  /// Pixels that differ only by anti-aliasing; they do not fail by default.
  public var aaPixels: Int
  /// Pixels compared: the area of the larger width by the larger height.
  public var totalPixels: Int
  /// The golden's size.
  public var expectedSize: PixelSize
  /// The new image's size.
  public var actualSize: PixelSize

  /// A result with its counts, as ``ImageDiff`` computes it or a report reads it back.
  public init(
    status: Status, diffPixels: Int, aaPixels: Int, totalPixels: Int, expectedSize: PixelSize,
    actualSize: PixelSize
  ) {
    self.status = status
    self.diffPixels = diffPixels
    self.aaPixels = aaPixels
    self.totalPixels = totalPixels
    self.expectedSize = expectedSize
    self.actualSize = actualSize
  }

  /// Whether the comparison passes.
  public var passed: Bool { status == .match }

  /// One line for a person: what differs and by how much.
  public var summary: String {
    switch status {
    case .match:
      aaPixels == 0 && diffPixels == 0
        ? "images match"
        : "images match within tolerances (\(diffPixels) differing, \(aaPixels) anti-aliasing pixels)"
    case .mismatch:
      "\(diffPixels) of \(totalPixels) pixels differ (\(aaPixels) more differ only by anti-aliasing)"
    case .sizeChanged:
      "size changed from \(expectedSize) to \(actualSize)"
    }
  }
}

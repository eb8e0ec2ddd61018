import ExpandablePreview

/// How two images are compared: the perceptual threshold and the count tolerances.
public struct DiffOptions: Sendable, Hashable, Codable {
  /// The largest YIQ color distance, from 0 to 1, at which two pixels still look the same
  /// (pixelmatch's `threshold`); 0.1 by default.
  public var threshold: Double
  /// How many differing pixels still pass; 0 by default.
  public var maxDiffPixels: Int
  /// The share of all pixels, from 0 to 1, that may differ and still pass; 0 by default.
  public var maxDiffRatio: Double
  /// Whether pixels that differ only by anti-aliasing count as differences; off by default.
  public var countsAntialiasing: Bool

  /// Options with pixelmatch's threshold and no tolerance by default: one differing pixel fails.
  public init(
    threshold: Double = 0.1, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0,
    countsAntialiasing: Bool = false
  ) {
    self.threshold = threshold
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffRatio = maxDiffRatio
    self.countsAntialiasing = countsAntialiasing
  }

  /// Whether `diffPixels` of `totalPixels` are within either tolerance.
  public func tolerates(diffPixels: Int, of totalPixels: Int) -> Bool {
    guard diffPixels > maxDiffPixels else { return true }
    guard totalPixels > 0 else { return false }
    return Double(diffPixels) / Double(totalPixels) <= maxDiffRatio
  }

  /// Checks the ranges; the message names the option at fault.
  public func validate() throws(ConfigurationError) {
    guard threshold.isFinite, (0...1).contains(threshold) else {
      throw "threshold must be between 0 and 1, got \(threshold)"
    }
    guard maxDiffPixels >= 0 else {
      throw "max-diff-pixels must not be negative, got \(maxDiffPixels)"
    }
    guard maxDiffRatio.isFinite, (0...1).contains(maxDiffRatio) else {
      throw "max-diff-ratio must be between 0 and 1, got \(maxDiffRatio)"
    }
  }
}

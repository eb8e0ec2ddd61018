/// Why an image that differs from its golden may not be at fault: what a failure is explained
/// by, beside its pixel counts. A value that grows as more is explained (what changed in the
/// layout, later), so every front-end shows the same explanation.
public struct GoldenExplanation: Sendable, Hashable {
  /// The font files the golden was recorded with that are missing or differ on this machine,
  /// then those that drew this image and not the golden (``GoldenFontCheck``).
  public var fontDifferences: [String]

  public init(fontDifferences: [String] = []) {
    self.fontDifferences = fontDifferences
  }

  /// Whether nothing explains the failure: the pixels say it all.
  public var isEmpty: Bool { fontDifferences.isEmpty }
}

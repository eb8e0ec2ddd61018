/// Why an image that differs from its golden may not be at fault, and what changed: what a
/// failure is explained by beside its pixel counts, so every front-end shows the same
/// explanation.
public struct GoldenExplanation: Sendable, Hashable {
  /// The font files the golden was recorded with that are missing or differ on this machine,
  /// then those that drew this image and not the golden (``GoldenFontCheck``).
  public var fontDifferences: [String]
  /// What the layout record beside the golden says of the difference; nil when the layout was
  /// not compared (`--compare pixels`, or an image without a layout).
  public var layout: LayoutExplanation?

  /// An explanation of font differences (in words) and of the layout; empty by default.
  public init(fontDifferences: [String] = [], layout: LayoutExplanation? = nil) {
    self.fontDifferences = fontDifferences
    self.layout = layout
  }

  /// Whether nothing explains the failure: the pixels say it all.
  public var isEmpty: Bool { fontDifferences.isEmpty && layout == nil }
}

/// A new render's layout compared with the golden's layout record (``LayoutRecord``).
public enum LayoutExplanation: Sendable, Hashable {
  /// The layout differs: every fact that changed.
  case changed([LayoutChange])
  /// The layout is the record's, so the pixels differ by color or rasterisation; the
  /// libraries that differ from the record's ("Cairo 1.16.0 → 1.18.0"), empty when none do.
  case same(libraryDifferences: [String])
  /// The golden has no layout record: only pixels were compared.
  case noRecord
  /// The record cannot be read (the reason): only pixels were compared.
  case unreadableRecord(String)

  /// The explanation in words, the one wording every front-end shows.
  public var description: String {
    switch self {
    case .changed(let changes):
      "layout changed: " + changes.map(\.description).joined(separator: "; ")
    case .same(let libraries):
      "same layout, pixels differ (colors or rasterisation"
        + (libraries.isEmpty
          ? "; the libraries are the record's" : ": " + libraries.joined(separator: ", ")) + ")"
    case .noRecord:
      "no layout record beside the golden: pixels compared only (--record failed adds it)"
    case .unreadableRecord(let reason):
      "the layout record cannot be read (\(reason)): pixels compared only"
    }
  }

  /// The changed facts; empty unless ``changed(_:)``.
  public var changes: [LayoutChange] {
    if case .changed(let changes) = self { return changes }
    return []
  }
}

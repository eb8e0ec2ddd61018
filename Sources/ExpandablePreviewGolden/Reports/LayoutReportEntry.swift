import ExpandablePreviewSupport

/// A failure's layout explanation as report.json and report.html carry it: typed fields, each
/// change with its kind and its words (the one wording, ``LayoutChange/description``).
public struct LayoutReportEntry: Sendable, Hashable, Codable {
  /// One changed fact.
  public struct Change: Sendable, Hashable, Codable {
    /// `cut`, `visible-text`, `lines`, `height`, `width`, `pixel-size`, `exceeds-line-limit`,
    /// `label-fits`, `direction`, `label`, `fade`, `text-frame`, `accessibility`, `links`,
    /// `link-frames`, `fonts`,
    /// `frame-count`, `frame-height`, `kind`.
    public var kind: String
    /// The change in words (``LayoutChange/description``).
    public var description: String
  }

  /// `changed`, `same`, `no-record` or `unreadable-record`.
  public var verdict: String
  /// The explanation in words (``LayoutExplanation/description``).
  public var description: String
  /// Each changed fact, in the record's order.
  public var changes: [Change]
  /// With `same`: the libraries that differ from the record's.
  public var libraryDifferences: [String]
  /// When the visible text changed: the recorded one and the new one, around where they
  /// differ (`cut(_:_:)`).
  public var visibleTextBefore: String?
  /// The visible text of the new render, when it changed.
  public var visibleTextAfter: String?

  /// The entry for a layout explanation.
  public init(_ explanation: LayoutExplanation) {
    description = explanation.description
    changes = explanation.changes.map { Change(kind: $0.kind, description: $0.description) }
    libraryDifferences = []
    switch explanation {
    case .changed(let list):
      verdict = "changed"
      for change in list {
        if let texts = change.visibleTexts {
          (visibleTextBefore, visibleTextAfter) = Self.cut(texts.before, texts.after)
          break
        }
      }
    case .same(let libraries):
      verdict = "same"
      libraryDifferences = libraries
    case .noRecord: verdict = "no-record"
    case .unreadableRecord: verdict = "unreadable-record"
    }
  }
}

extension LayoutReportEntry {
  /// The most Characters kept of the beginning and of the end both texts share.
  static let maxShared = 500
  /// The most Characters kept of the part where each differs.
  static let maxDiffering = 2_000

  /// The two visible texts as a report quotes them: whole when short; else the same cut of
  /// both around where they differ (the shared beginning's last ``maxShared`` Characters, the
  /// differing part's first ``maxDiffering`` with how many more, the shared end's first
  /// ``maxShared``), so report.html's text diff of the cut texts shows the same difference.
  static func cut(_ before: String, _ after: String) -> (String, String) {
    let old = TextDifference(before, after)
    let new = TextDifference(after, before)
    let start = TextCut.tail(old.prefix, keeping: maxShared)
    let end = TextCut.start(old.suffix, keeping: maxShared)
    return (
      start + TextCut.head(old.middle, keeping: maxDiffering) + end,
      start + TextCut.head(new.middle, keeping: maxDiffering) + end
    )
  }
}

extension LayoutChange {
  /// The change's kind as report.json names it.
  public var kind: String {
    switch self {
    case .cut, .cutStarted, .cutEnded: "cut"
    case .visibleText: "visible-text"
    case .lines: "lines"
    case .height: "height"
    case .width: "width"
    case .pixelSize: "pixel-size"
    case .exceedsLineLimit: "exceeds-line-limit"
    case .labelFits: "label-fits"
    case .direction: "direction"
    case .label: "label"
    case .fade: "fade"
    case .links: "links"
    case .textFrame: "text-frame"
    case .accessibility: "accessibility"
    case .linkFrames: "link-frames"
    case .lineFrames: "line-frames"
    case .fonts: "fonts"
    case .frameCount: "frame-count"
    case .frameHeight: "frame-height"
    case .kind: "kind"
    case .state(_, let change): change.kind
    }
  }

  /// The recorded and the new visible text, for a change of the cut or the visible text.
  public var visibleTexts: (before: String, after: String)? {
    switch self {
    case .cut(_, _, let before, let after), .visibleText(let before, let after),
      .cutStarted(_, let before, let after), .cutEnded(_, let before, let after):
      (before, after)
    case .state(_, let change): change.visibleTexts
    default: nil
    }
  }
}

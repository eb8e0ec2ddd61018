import ExpandablePreview

/// What became of one golden: the one verdict every layer uses, from the store's compare step
/// (``GoldenComparison``) through the golden check (``GoldenCheckOutcome``) to a report's line
/// (``VerificationEntry``). Its words (``words(recordMode:)``) and its report category
/// (``status``) are defined here, next to the cases.
public enum GoldenVerdict: Sendable, Hashable {
  /// The image matches (identical, or within the tolerances); passes.
  case matched(DiffResult?)
  /// The golden was written by this check; fails unless it only refreshed a match.
  case recorded(Recording)
  /// The image differs from its golden, perhaps explained (fonts, layout); fails.
  case differs(GoldenDifference, GoldenExplanation)
  /// `--compare layout`: the pixels differ as said, the layout equals the golden's record;
  /// passes.
  case sameLayout(GoldenDifference, GoldenExplanation)
  /// There is no golden and the record mode did not write one; fails.
  case missing
  /// The golden cannot be read (the reason) and was not replaced; fails.
  case unreadable(String)
  /// `verify --changed`: the job's key and the golden file are the recorded ones, so nothing
  /// was rendered; passes.
  case unchanged
  /// The image could not be checked: not rendered, or its golden not written (the reason);
  /// fails.
  case unchecked(String)
  /// A golden nothing produces any more, deleted when `pruned`; listed, does not fail.
  case orphan(pruned: Bool)

  /// What the check wrote.
  public enum Recording: Sendable, Hashable {
    /// A golden where there was none (any record mode but never).
    case new
    /// A golden in place of an unreadable one (the reason; modes failed and all).
    case replacedUnreadable(String)
    /// A golden in place of one the image differs from (modes failed and all).
    case replaced(GoldenDifference)
    /// A golden in place of one it matches within the tolerances (mode all); passes.
    case refreshed(DiffResult)
  }

  /// A verdict's category, as reports count and file it (report.json's `status`, junit.xml's
  /// failure type, the console's counts).
  public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
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
    /// The image does not match, and the font files the golden was recorded with are missing
    /// or different on this machine: the pixels cannot be compared meaningfully here.
    case fontsDiffer = "fonts-differ"
    /// The image could not be checked: the golden cannot be read or written, or the image
    /// could not be rendered. The entry's summary says why.
    case error

    /// Whether this status fails a run (orphans are only listed).
    public var isFailure: Bool {
      switch self {
      case .match, .orphan: false
      case .mismatch, .missing, .sizeChanged, .fontsDiffer, .error: true
      }
    }
  }

  /// The category reports file this verdict under: a difference's own
  /// (``GoldenDifference/status``), or ``Status/fontsDiffer`` when the fonts explain it.
  public var status: Status {
    switch self {
    case .matched, .sameLayout, .unchanged, .recorded(.refreshed): .match
    case .recorded(.new), .missing: .missing
    case .recorded(.replacedUnreadable), .unreadable, .unchecked: .error
    case .recorded(.replaced(let difference)): difference.status
    case .differs(let difference, let explanation):
      explanation.fontDifferences.isEmpty ? difference.status : .fontsDiffer
    case .orphan: .orphan
    }
  }

  /// Whether the verdict passes (orphans do not fail).
  public var passed: Bool { !status.isFailure }

  /// Whether the golden was written by this check.
  public var recorded: Bool {
    if case .recorded = self { return true }
    return false
  }

  /// The difference found, recorded over or tolerated; nil when there is none.
  public var difference: GoldenDifference? {
    switch self {
    case .differs(let difference, _), .sameLayout(let difference, _),
      .recorded(.replaced(let difference)):
      difference
    default: nil
    }
  }

  /// The explanation of a difference; empty for any other verdict.
  public var explanation: GoldenExplanation {
    switch self {
    case .differs(_, let explanation), .sameLayout(_, let explanation): explanation
    default: GoldenExplanation()
    }
  }

  /// The record mode that would accept this image as its golden: `missing` for a missing
  /// golden, `failed` for one that differs or cannot be read; nil when nothing is to accept
  /// (it passed, this check recorded it, or it could not be checked).
  public var acceptingMode: RecordMode? {
    switch self {
    case .missing: .missing
    case .differs, .unreadable: .failed
    case .matched, .sameLayout, .recorded, .unchanged, .unchecked, .orphan: nil
    }
  }

  /// What was found, in words, without the golden's name; `recordMode` is the record mode as
  /// a message names it (with the reason when the CI rule chose it):
  ///
  /// | verdict | words |
  /// | --- | --- |
  /// | matched | `images match` (or `… within tolerances (N differing, M anti-aliasing pixels)`) |
  /// | recorded new | `no golden yet; recorded it, run again to compare` |
  /// | recorded over an unreadable one | `cannot read the golden: REASON; recorded a new one, run again to compare` |
  /// | recorded over a difference | `DIFFERENCE; re-recorded the golden (record mode MODE)` (the outcome's ``GoldenCheckOutcome/detail`` leads with the replaced layout record's words) |
  /// | refreshed within tolerances | `images match within tolerances (…); re-recorded the golden (record mode all)` |
  /// | differs | `DIFFERENCE` (``GoldenDifference/description``) |
  /// | differs, explained by fonts | `the fonts differ from the golden's: FILE …; FILE … (pixels: DIFFERENCE)` |
  /// | differs, with a layout record | `layout changed: FACT; FACT (pixels: DIFFERENCE)` or `same layout, pixels differ (colors or rasterisation: LIBRARY A → B) (pixels: DIFFERENCE)` |
  /// | same layout (`--compare layout`) | `same layout, pixels differ (…); passes: compared by layout (pixels: DIFFERENCE)` |
  /// | missing | `no golden yet; not recorded: record mode MODE` |
  /// | unreadable | `cannot read the golden: REASON` |
  /// | unchanged | `unchanged (key)` |
  /// | unchecked | `REASON` |
  /// | orphan | `orphan golden` (`orphan golden, deleted`) |
  public func words(recordMode: String) -> String {
    let rerecorded = "re-recorded the golden (record mode \(recordMode))"
    switch self {
    case .matched(let result): return result?.summary ?? "images match"
    case .recorded(.new): return "no golden yet; recorded it, run again to compare"
    case .recorded(.replacedUnreadable(let reason)):
      return "cannot read the golden: \(reason); recorded a new one, run again to compare"
    case .recorded(.replaced(let difference)): return "\(difference.description); \(rerecorded)"
    case .recorded(.refreshed(let result)): return "\(result.summary); \(rerecorded)"
    case .differs(let difference, let explanation):
      var parts: [String] = []
      if !explanation.fontDifferences.isEmpty {
        parts.append(
          "the fonts differ from the golden's: "
            + explanation.fontDifferences.joined(separator: "; "))
      }
      if let layout = explanation.layout { parts.append(layout.description) }
      guard !parts.isEmpty else { return difference.description }
      return parts.joined(separator: "; ")
        + (difference == .layout ? " (the pixels match)" : " (pixels: \(difference.description))")
    case .sameLayout(let difference, let explanation):
      return (explanation.layout?.description ?? "same layout")
        + "; passes: compared by layout (pixels: \(difference.description))"
    case .missing:
      return "no golden yet; \(RecordMode.notRecordedNote(modeInWords: recordMode))"
    case .unreadable(let reason): return "cannot read the golden: \(reason)"
    case .unchanged: return "unchanged (key)"
    case .unchecked(let reason): return reason
    case .orphan(let pruned): return pruned ? "orphan golden, deleted" : "orphan golden"
    }
  }

  /// The verdict with its difference explained by `explanation`; any other verdict as it is.
  func explained(by explanation: GoldenExplanation) -> GoldenVerdict {
    switch self {
    case .differs(let difference, _): .differs(difference, explanation)
    case .sameLayout(let difference, _): .sameLayout(difference, explanation)
    default: self
    }
  }
}

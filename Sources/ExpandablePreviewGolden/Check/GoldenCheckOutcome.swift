import ExpandablePreview

/// What one ``GoldenCheck`` found and left behind: the verdict, its artifacts, and (for a check
/// that settles the fingerprint itself) what differs from the machine that recorded the goldens.
/// Every front-end words it with ``summary`` (in `GoldenCheckOutcome+Words.swift`).
public struct GoldenCheckOutcome: Sendable {
  /// What became of the golden.
  public enum Verdict: Sendable, Hashable {
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
  }

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

  /// What became of the golden.
  public let verdict: Verdict
  /// The compare step's result: the golden's path, the images, the diff.
  public let comparison: GoldenComparison
  /// The record mode as a message names it (with the reason when the CI rule chose it).
  public let recordModeInWords: String
  /// Where the failure's files are, relative to the artifacts folder; nil when it passed.
  public var artifacts: VerificationEntry.Artifacts? = nil
  /// Why its artifacts could not be written; the verdict stands.
  public var artifactsProblem: String? = nil
  /// From a check that settled the folder's fingerprint (``GoldenCheck/checkSettlingFingerprint(_:at:)``)
  /// and failed: what differs from the machine that recorded the goldens.
  public var fingerprintDifferences: [String] = []
  /// Whether the golden has no layout record beside it (recorded before records existed), so
  /// only its pixels could be compared; front-ends say so once per run.
  public var layoutRecordMissing = false
  /// Why the golden's layout record could not be used (damaged, out of range), when it was
  /// not replaced: it counted as none.
  public var layoutRecordProblem: String? = nil
  /// Whether this check wrote the golden's layout record.
  public var layoutRecordWritten = false

  /// The verdict on `comparison` explained by `explanation` (used only for an image that differs
  /// and was not recorded).
  init(
    _ comparison: GoldenComparison, explanation: GoldenExplanation, recordModeInWords: String?
  ) {
    self.comparison = comparison
    self.recordModeInWords = recordModeInWords ?? comparison.recordMode.description
    let problem = comparison.problem ?? "unknown reason"
    switch (comparison.status, comparison.recorded, comparison.difference) {
    case (.missing, false, _): verdict = .missing
    case (.missing, true, _): verdict = .recorded(.new)
    case (.error, false, _): verdict = .unreadable(problem)
    case (.error, true, _): verdict = .recorded(.replacedUnreadable(problem))
    case (_, false, let difference?): verdict = .differs(difference, explanation)
    case (_, true, let difference?): verdict = .recorded(.replaced(difference))
    case (_, true, nil):
      verdict = comparison.diff.map { .recorded(.refreshed($0.result)) } ?? .matched(nil)
    case (_, false, nil):
      verdict =
        comparison.toleratedDifference.map { .sameLayout($0, explanation) }
        ?? .matched(comparison.diff?.result)
    }
  }

  /// The golden's path relative to the snapshots folder.
  public var path: String { comparison.path }

  /// The status reports file it under: the comparison's, or ``GoldenStatus/fontsDiffer`` when
  /// the fonts explain a difference.
  public var status: GoldenStatus {
    if case .differs(_, let explanation) = verdict, !explanation.fontDifferences.isEmpty {
      return .fontsDiffer
    }
    return comparison.status
  }

  /// Whether the check passed.
  public var passed: Bool { !status.isFailure }

  /// Whether this check wrote the golden.
  public var recorded: Bool { comparison.recorded }

  /// The explanation of a difference; empty for any other verdict.
  public var explanation: GoldenExplanation {
    switch verdict {
    case .differs(_, let explanation), .sameLayout(_, let explanation): return explanation
    default: return GoldenExplanation()
    }
  }

  /// The record mode that would accept this image as its golden: `missing` for a missing
  /// golden, `failed` for one that differs or cannot be read; nil when nothing is to accept
  /// (it passed, or this check recorded it).
  public var acceptingMode: RecordMode? {
    switch verdict {
    case .missing: .missing
    case .differs, .unreadable: .failed
    case .matched, .sameLayout, .recorded: nil
    }
  }
}

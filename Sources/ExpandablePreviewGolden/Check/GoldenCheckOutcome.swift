import ExpandablePreview

/// What one ``GoldenCheck`` found and left behind: the verdict with its comparison, its
/// artifacts, and (for a check that settles the fingerprint itself) what differs from the
/// machine that recorded the goldens. Every front-end words it with ``summary``.
public struct GoldenCheckOutcome: Sendable {
  /// The compare step's result, its verdict explained: the golden's path, the images, the diff.
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
  /// For a golden re-recorded over a difference: what its layout record said of the change
  /// before the new record replaced it, so the message still says it in words.
  public var replacedLayout: LayoutExplanation? = nil

  /// The outcome of `comparison`, whose verdict is explained; the record mode named as
  /// `recordModeInWords` (the bare mode when nil).
  init(_ comparison: GoldenComparison, recordModeInWords: String?) {
    self.comparison = comparison
    self.recordModeInWords = recordModeInWords ?? comparison.recordMode.description
  }

  /// What became of the golden.
  public var verdict: GoldenVerdict { comparison.verdict }

  /// The golden's path relative to the snapshots folder.
  public var path: String { comparison.path }

  /// The category reports file it under (``GoldenVerdict/status``).
  public var status: GoldenVerdict.Status { verdict.status }

  /// Whether the check passed.
  public var passed: Bool { verdict.passed }

  /// Whether this check wrote the golden.
  public var recorded: Bool { verdict.recorded }

  /// The verdict's words (``GoldenVerdict/words(recordMode:)``), without the golden's name;
  /// artifacts that could not be written add `; REASON`.
  public var detail: String {
    var words = verdict.words(recordMode: recordModeInWords)
    if case .recorded(.replaced(let difference)) = verdict, let replacedLayout {
      let pixels =
        difference == .layout ? "the pixels match" : "pixels: \(difference.description)"
      words =
        "\(replacedLayout.description) (\(pixels)); re-recorded the golden (record mode "
        + "\(recordModeInWords))"
    }
    return artifactsProblem.map { "\(words); \($0)" } ?? words
  }

  /// One line naming the golden by its path in the snapshots folder: `a/collapsed@1x.png: …`.
  public var summary: String { summary(naming: path) }

  /// One line naming the golden as `golden` (a front-end that knows it by its file path).
  public func summary(naming golden: String) -> String { "\(golden): \(detail)" }

  /// The line that offers `command` to accept the image as its golden.
  public static func acceptLine(_ command: String) -> String { "To accept: \(command)" }
}

extension Fingerprint {
  /// The heading over ``differences(from:onlyFontsUsed:)`` wherever a front-end lists them.
  public static let differencesHeading = "The goldens were rendered elsewhere:"
}

import ExpandablePreview

/// One line of a verification report: an image checked against its golden, or an orphan.
public struct VerificationEntry: Sendable, Hashable, Codable {
  /// Where the failure's files are, relative to the artifacts folder.
  public struct Artifacts: Sendable, Hashable, Codable {
    /// The golden the image was compared with, as it was before the run.
    public var expected: String?
    /// The new image.
    public var actual: String?
    /// The three-panel image: expected | difference | actual.
    public var diff: String?

    /// Artifacts at these paths; nil where a file was not written.
    public init(expected: String? = nil, actual: String? = nil, diff: String? = nil) {
      self.expected = expected
      self.actual = actual
      self.diff = diff
    }
  }

  /// The golden's path relative to the snapshots folder.
  public var path: String
  /// The category of the golden's verdict (``GoldenVerdict/status``), as report.json keeps it.
  public var status: GoldenVerdict.Status
  /// Pixels that differ (``DiffResult/diffPixels``).
  public var diffPixels: Int
  /// Pixels that differ only by anti-aliasing.
  public var aaPixels: Int
  /// Pixels compared.
  public var totalPixels: Int
  /// Whether the golden was written by this run.
  public var recorded: Bool
  /// The verdict's one line for a person, naming the golden
  /// (``GoldenCheckOutcome/summary``), e.g. "a@1x.png: size changed from 654×80 to 654×102".
  public var summary: String
  /// The failure's files; nil for a pass or an orphan.
  public var artifacts: Artifacts?
  /// With ``GoldenVerdict/Status/fontsDiffer``: each font file that is missing or differs, naming its
  /// Debian package.
  public var fontDifferences: [String]
  /// What the layout record says of a failure (or of a pass by layout); nil when the layout
  /// was not compared.
  public var layout: LayoutReportEntry?
  /// For an animation, the frame the entry is about: the first that does not match.
  public var frame: Int?
  /// The command that accepts this image as the new golden, shown for copy and paste.
  public var acceptCommand: String?
  /// "rejected by reviewer: NOTE" when a reviewer rejected this failing image in the workbench
  /// (``ReviewRejections``); nil otherwise.
  public var rejection: String?

  /// An entry with its counts and words, as a report reads it back or an orphan is listed.
  public init(
    path: String, status: GoldenVerdict.Status, diffPixels: Int = 0, aaPixels: Int = 0,
    totalPixels: Int = 0, recorded: Bool = false, summary: String, artifacts: Artifacts? = nil,
    fontDifferences: [String] = [], acceptCommand: String? = nil
  ) {
    self.fontDifferences = fontDifferences
    self.path = path
    self.status = status
    self.diffPixels = diffPixels
    self.aaPixels = aaPixels
    self.totalPixels = totalPixels
    self.recorded = recorded
    self.summary = summary
    self.artifacts = artifacts
    self.acceptCommand = acceptCommand
  }

  /// The entry for a golden check, with the counts of its diff and its one-line summary.
  ///
  /// - Parameters:
  ///   - outcome: the golden check's outcome.
  ///   - acceptCommand: the command that accepts the image; kept only when the outcome has
  ///     something to accept (``GoldenVerdict/acceptingMode``).
  public init(_ outcome: GoldenCheckOutcome, acceptCommand: String? = nil) {
    let comparison = outcome.comparison
    let result = comparison.diff?.result
    let size = comparison.actual.width * comparison.actual.height
    self.init(
      path: outcome.path, status: outcome.status, diffPixels: result?.diffPixels ?? 0,
      aaPixels: result?.aaPixels ?? 0, totalPixels: result?.totalPixels ?? size,
      recorded: outcome.recorded, summary: outcome.summary, artifacts: outcome.artifacts,
      fontDifferences: outcome.verdict.explanation.fontDifferences,
      acceptCommand: outcome.verdict.acceptingMode == nil ? nil : acceptCommand)
    frame = comparison.frame
    layout = outcome.verdict.explanation.layout.map(LayoutReportEntry.init)
  }

  /// The entry for an image that could not be checked (not rendered, golden not written, …).
  public static func error(_ path: String, reason: String) -> VerificationEntry {
    uncompared(path, .unchecked(reason))
  }

  /// The entry for a golden nothing produces any more.
  public static func orphan(_ path: String, pruned: Bool) -> VerificationEntry {
    uncompared(path, .orphan(pruned: pruned))
  }

  /// The entry for a golden `verify --changed` passes without rendering it.
  public static func unchanged(_ path: String) -> VerificationEntry {
    uncompared(path, .unchanged)
  }

  /// The entry of a verdict reached without comparing pixels; its words name no record mode.
  private static func uncompared(_ path: String, _ verdict: GoldenVerdict) -> VerificationEntry {
    VerificationEntry(
      path: path, status: verdict.status, summary: "\(path): \(verdict.words(recordMode: ""))")
  }
}

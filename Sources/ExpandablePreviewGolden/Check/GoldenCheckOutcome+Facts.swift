extension GoldenCheckOutcome {
  /// What a run keeps of a check once its artifacts are written: its verdict and a few words,
  /// none of its pixels, so a run's memory does not grow with the images it checks.
  public struct Facts: Sendable, Hashable {
    /// The golden's path relative to the snapshots folder.
    public var path: String
    /// What became of the golden.
    public var verdict: GoldenVerdict
    /// Whether the golden has no layout record beside it.
    public var layoutRecordMissing: Bool
    /// Why the golden's layout record could not be read or written; nil when it could.
    public var layoutRecordProblem: String?
  }

  /// The outcome without its pixels, for a run that keeps every image's result.
  public var facts: Facts {
    Facts(
      path: path, verdict: verdict, layoutRecordMissing: layoutRecordMissing,
      layoutRecordProblem: layoutRecordProblem)
  }
}

extension GoldenCheckOutcome {
  /// What a run keeps of a check once its artifacts are written: a few words per image, none
  /// of its pixels, so a run's memory does not grow with the images it checks.
  public struct Facts: Sendable, Hashable {
    public var path: String
    public var status: GoldenStatus
    public var recorded: Bool
    public var passed: Bool
    public var layoutRecordMissing: Bool
    public var layoutRecordProblem: String?
  }

  public var facts: Facts {
    Facts(
      path: path, status: comparison.status, recorded: recorded, passed: passed,
      layoutRecordMissing: layoutRecordMissing, layoutRecordProblem: layoutRecordProblem)
  }
}

/// A render outcome printed as a person reads it, not as a dump of the run's internals (the
/// plan and the font files' stamps it keeps for the command line's report blob).
extension RenderOutcome: CustomStringConvertible {
  /// `rendered N of M files (U unchanged, C from the cache) for I items`, then one line per
  /// failure; `nothing changed: …` for a run the no-op record ended.
  public var description: String {
    var counts = ["\(unchanged) unchanged"]
    if fromCache > 0 { counts.append("\(fromCache) from the cache") }
    let head =
      (nothingChanged ? "nothing changed: " : "")
      + "rendered \(rendered) of \(files) files (\(counts.joined(separator: ", "))) for \(items) items"
    let stopped = stoppedBySignal.map { ["stopped by signal \($0)"] } ?? []
    return ([head] + stopped + failures.map { "failed: " + $0 }).joined(separator: "\n")
  }
}

import ExpandablePreviewEngine

extension EngineError {
  /// Prints each line as `error: …` and gives the command's exit status: 1 when the run itself
  /// failed (a report or record could not be written), 2 when it could not start.
  func printedExitStatus() -> Int32 {
    for line in lines { standardError("error: " + line) }
    return isRunFailure ? 1 : 2
  }
}

/// Why the engine could not load, plan, render or verify (or a face refused what it was asked):
/// every problem in words, naming the file, the item and the key. A face prints its ``description`` as it is (the command line
/// puts `error: ` before each line).
public struct EngineError: Error, Sendable, CustomStringConvertible {
  /// The problems, one a line (a manifest's as `file:line:column: message`).
  public var description: String { lines.joined(separator: "\n") }
  /// The problems, one each.
  public let lines: [String]
  /// Whether the run failed rather than being refused (``init(failing:)``).
  package private(set) var isRunFailure = false

  /// A refusal (exit status 2 on the command line): what was asked cannot be done, in words
  /// naming the file, the item and the key. The faces refuse their own usage mistakes with it
  /// too (the command line's `UsageError`).
  package init(_ description: String) {
    lines = [description]
  }

  package init(lines: [String]) {
    self.lines = lines
  }
}

extension EngineError {
  /// A failure of the run itself (a report that cannot be written, font files that cannot be
  /// read) rather than of what was asked: the command line's exit status 1, not 2.
  package init(failing description: String) {
    self.init(lines: [description])
    isRunFailure = true
  }
}

/// Why the engine could not load, plan, render or verify: every problem in words, naming the
/// file, the item and the key. A face prints its ``description`` as it is (the command line
/// puts `error: ` before each line).
public struct EngineError: Error, Sendable, CustomStringConvertible {
  /// The problems, one a line (a manifest's as `file:line:column: message`).
  public var description: String { lines.joined(separator: "\n") }
  /// The problems, one each.
  public let lines: [String]
  /// Whether the run failed rather than being refused (``init(failing:)``).
  package private(set) var isRunFailure = false

  init(_ description: String) {
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

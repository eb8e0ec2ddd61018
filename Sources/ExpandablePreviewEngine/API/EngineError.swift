/// Why the engine could not load, plan, render or verify: every problem in words, naming the
/// file, the item and the key.
public struct EngineError: Error, Sendable, CustomStringConvertible {
  /// The problems, one a line (a manifest's as `file:line:column: message`).
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// What a render or verify run tells while it runs: how many files it will report, each file
/// as it finishes, and its warnings and errors. The engine never writes to standard error; a
/// face shows these as it likes (the command line as its progress line and `warning:` lines).
/// Called from worker threads: an observer must be safe to call from any thread.
public protocol RunObserver: Sendable {
  /// The number of files the run will report through ``fileFinished(_:)``.
  func runWillReport(files: Int)
  /// One job's files are done: written, checked, left unchanged, or failed.
  func fileFinished(_ file: FinishedFile)
  /// A warning, an error or a note; the run goes on.
  func message(_ message: RunMessage)
}

extension RunObserver {
  public func runWillReport(files: Int) {}
  public func fileFinished(_ file: FinishedFile) {}
  public func message(_ message: RunMessage) {}
}

/// One finished job, as a run reports it to its ``RunObserver``.
public struct FinishedFile: Sendable, Hashable {
  /// The files, relative to the output or snapshots folder, the first first.
  public var paths: [String]
  /// Why the job failed; nil when it did not.
  public var failure: String?
  /// Whether an incremental run left the files as they were.
  public var unchanged: Bool

  /// A finished job: its files, why it failed (nil: it did not), and whether it was left as
  /// it was.
  public init(paths: [String], failure: String? = nil, unchanged: Bool = false) {
    self.paths = paths
    self.failure = failure
    self.unchanged = unchanged
  }
}

/// A warning, an error or a note from a run, naming the file, the item and the key.
public struct RunMessage: Sendable, Hashable, CustomStringConvertible {
  /// How much a message matters, as the command line prefixes it.
  public enum Level: String, Sendable, Hashable {
    /// Something failed: a file, an item or the run.
    case error
    /// Something the user should fix; the output is still made.
    case warning
    /// Something worth knowing; nothing is wrong.
    case note
  }

  /// Whether it is an error, a warning or a note.
  public var level: Level
  /// The message without its level.
  public var text: String

  /// A message of `level` saying `text` (without the level's prefix).
  public init(_ level: Level, _ text: String) {
    self.level = level
    self.text = text
  }

  /// `level: text`, as the command line prints it.
  public var description: String { "\(level.rawValue): \(text)" }

  /// A line as the engine's older code says it (`error: …`, `warning: …`, `note: …`); a line
  /// without a level is an error.
  package init(line: String) {
    for level in [Level.error, .warning, .note] where line.hasPrefix(level.rawValue + ": ") {
      self.init(level, String(line.dropFirst(level.rawValue.count + 2)))
      return
    }
    self.init(.error, line)
  }
}

import ExpandablePreviewEngine
import ExpandablePreviewSupport
import Foundation
import Synchronization

/// Where a run of the tool writes its standard output and error: the process's own, or, for a
/// run in process (`runTool(_:streams:environment:)`, which the tests use), the files it hands
/// in. A run's own value (``Console/streams``), never the process's: runs in parallel each
/// write to their own.
package struct ToolStreams: Sendable {
  package var output: Int32
  package var error: Int32
  /// How many writes to `error` these streams had: a run that said nothing there may leave
  /// a no-op record (``NoOpRecord``), whose short-cut prints only the summary.
  package let errorWrites = WriteCount()
  /// How many writes to `output` these streams had (``ProgressReporter`` batches its lines).
  package let outputWrites = WriteCount()

  package init(output: Int32, error: Int32) {
    self.output = output
    self.error = error
  }

  /// The process's standard output and error.
  package static let process = ToolStreams(output: STDOUT_FILENO, error: STDERR_FILENO)
}

/// A count of writes, shared by the copies of the streams one run hands to its threads.
package final class WriteCount: Sendable {
  private let count = Atomic<Int>(0)

  package init() {}

  package var value: Int { count.load(ordering: .relaxed) }

  func add() { count.add(1, ordering: .relaxed) }
}

/// Writes a line to the run's standard error with control characters made visible: messages
/// quote names and keys from manifests and disks, which must not move a terminal's cursor.
package func standardError(_ message: String) {
  Console.errorLine(message)
}

/// Best-effort console output: a full disk, `>/dev/full` or a closed log must never stop a run
/// (Foundation's `FileHandle.write` traps on such errors). What cannot be written is dropped;
/// the exit status still says what happened to the images.
package enum Console {
  /// The streams of the run under way: a task-local value, bound for one run by
  /// `Console.$streams.withValue(_:operation:)` (`runTool(_:streams:environment:)` does), and
  /// seen by that run's code and its child tasks only; another run in parallel binds its own.
  /// Threads do not inherit it: code that writes from the engine's worker threads keeps the
  /// streams it was made with (``ProgressReporter``).
  /// The process's streams where nothing is bound.
  @TaskLocal package static var streams = ToolStreams.process

  /// Writes `text` and a line break to the run's standard output (what `print` did, unbuffered).
  package static func print(_ text: String, terminator: String = "\n") {
    streams.outputWrites.add()
    write(text + terminator, to: streams.output)
  }

  /// Writes `line` and a line break to the run's standard error with control characters made
  /// visible, whatever run is under way (a face's own output).
  package static func errorLine(_ line: String) {
    writeError(VisibleText.of(line) + "\n")
  }

  /// Writes `text` to the run's standard error as it is.
  package static func writeError(_ text: String) {
    streams.errorWrites.add()
    write(text, to: streams.error)
  }

  /// Writes `text` to the run's standard output as it is.
  package static func writeOutput(_ text: String) {
    streams.outputWrites.add()
    write(text, to: streams.output)
  }

  /// Whether the run's standard output is a terminal.
  package static var outputIsTerminal: Bool { isatty(streams.output) == 1 }

  static func write(_ text: String, to descriptor: Int32) {
    // A console that cannot be written to (a closed pipe) loses the text: nothing to tell.
    _ = Array(text.utf8).withUnsafeBytes { SystemCall.writeAll(descriptor, $0) }
  }
}

import ExpandablePreviewSupport
import Foundation

/// Where the engine's messages go during a run: the run's ``RunObserver``, bound for the run's
/// task by `RunMessages.$observer.withValue(_:operation:)`, so code deep in the engine (the
/// manifest loader, the font check) says what it finds without writing to standard error.
package enum RunMessages {
  @TaskLocal package static var observer: (any RunObserver)? = nil

  /// Says `line` (`error: …`, `warning: …`) to the run's observer; outside a run, to the
  /// process's standard error with control characters made visible (messages quote names and
  /// keys from manifests and disks, which must not move a terminal's cursor).
  package static func say(_ line: String) {
    if let observer {
      observer.message(RunMessage(line: line))
    } else {
      let text = VisibleText.of(line) + "\n"
      _ = Array(text.utf8).withUnsafeBytes { SystemCall.writeAll(STDERR_FILENO, $0) }
    }
  }
}

/// Keeps what a run says, for the outcome and for refusals (whose errors become the
/// ``EngineError``), and passes each message and finished file on to `next`.
package final class RunLog: RunObserver {
  private let next: (any RunObserver)?
  private let said = Locked<[RunMessage]>([])
  private let failedFiles = Locked<Int>(0)
  private let holding = Locked<Bool>(false)

  package init(next: (any RunObserver)?) { self.next = next }

  /// Everything said so far, in order.
  package var messages: [RunMessage] { said.withLock { $0 } }
  /// How many things the run said a face shows on standard error: messages and failed files.
  package var problemsSaid: Int { said.withLock { $0.count } + failedFiles.withLock { $0 } }

  package func runWillReport(files: Int) { next?.runWillReport(files: files) }

  package func fileFinished(_ file: FinishedFile) {
    if file.failure != nil { failedFiles.withLock { $0 += 1 } }
    next?.fileFinished(file)
  }

  package func message(_ message: RunMessage) {
    said.withLock { $0.append(message) }
    if !holding.withLock({ $0 }) { next?.message(message) }
  }

  /// Runs `body` holding back messages: when it refuses the run (throws), its warnings are
  /// passed on and its errors thrown as one ``EngineError``; else everything is passed on.
  package func refusing<T>(_ body: () throws -> T?) throws(EngineError) -> T {
    let start = said.withLock { $0.count }
    holding.withLock { $0 = true }
    var result: T? = nil
    var thrown: [String] = []
    do {
      result = try RunMessages.$observer.withValue(self) { try body() }
    } catch let error as EngineError {
      thrown = error.lines
    } catch {
      thrown = ["\(error)"]
    }
    holding.withLock { $0 = false }
    let held = said.withLock { Array($0[start...]) }
    if let result, thrown.isEmpty {
      for message in held { next?.message(message) }
      return result
    }
    for message in held where message.level != .error { next?.message(message) }
    throw EngineError(lines: held.filter { $0.level == .error }.map(\.text) + thrown)
  }
}

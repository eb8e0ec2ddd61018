import Foundation
import Synchronization

/// The signal (SIGINT or SIGTERM) that asked a batch to stop, or 0. Written by the handler,
/// read by workers before each job.
private let receivedSignal = Atomic<Int32>(0)

/// Turns SIGINT and SIGTERM into a request to stop: workers finish the file they are writing
/// (writes are atomic) and take no new work, so an interrupted run leaves only complete files.
/// A second signal ends the process at once.
enum Interruption {
  /// Installs the handlers; call once before a batch starts.
  static func install() {
    // A parent may hand down a mask that blocks these (threads of libdispatch do); unblock them
    // here, before the workers start, so the workers inherit the unblocked mask.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { number in
        receivedSignal.store(number, ordering: .relaxed)
        signal(number, SIG_DFL)
      }
    }
  }

  /// The signal that arrived, if any.
  static var received: Int32? {
    let value = receivedSignal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }

  /// The conventional exit code for a run stopped by `signal`: 128 + its number.
  static func exitCode(for signal: Int32) -> Int32 { 128 + signal }

  /// The name of `signal` for messages.
  static func name(of signal: Int32) -> String { signal == SIGINT ? "SIGINT" : "SIGTERM" }
}

import ExpandablePreviewEngine
import Foundation
import Synchronization

/// Whether the signal thread runs: one is enough for a process that runs several commands
/// (the tests run them in process).
private let installed = Atomic<Bool>(false)

/// Turns SIGINT and SIGTERM into the engine's request to stop (``Interruption/stop(by:)``): workers finish the file they are writing
/// (writes are atomic) and take no new work, so an interrupted run leaves only complete files.
/// A second signal ends the process at once.
///
/// The signals are blocked in every thread and taken by one thread in `sigwait`, rather than by
/// a handler: a handler may land on a thread that sits in a wait for the whole run (and under
/// ThreadSanitizer is deferred until that thread wakes). A parent may also hand down a blocked
/// mask (threads of libdispatch have one) or an ignored disposition (a shell's background job);
/// neither stops a batch from being interrupted.
extension Interruption {
  /// Starts the signal thread. Call it first thing in a batch command, before any other thread
  /// exists (Pango starts some), so that every later thread inherits the blocked mask.
  package static func install() {
    guard !installed.exchange(true, ordering: .relaxed) else { return }
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    // An ignored signal is discarded before `sigwait` could take it.
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    let waited = signals
    let waiter = Thread {
      var signals = waited
      var number: Int32 = 0
      guard sigwait(&signals, &number) == 0 else { return }
      Interruption.stop(by: number)
      guard sigwait(&signals, &number) == 0 else { return }
      _exit(exitCode(for: number))
    }
    waiter.start()
  }

  /// The conventional exit code for a run stopped by `signal`: 128 + its number.
  package static func exitCode(for signal: Int32) -> Int32 { 128 + signal }

  /// The name of `signal` for messages.
  package static func name(of signal: Int32) -> String { signal == SIGINT ? "SIGINT" : "SIGTERM" }
}

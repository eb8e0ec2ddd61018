import Synchronization

/// The signal (SIGINT or SIGTERM) that asked a run to stop, or 0. Set by a face (the command
/// line's signal thread), read by workers before each job.
private let receivedSignal = Atomic<Int32>(0)

/// A request to stop the runs of this process: workers finish the file they are writing
/// (writes are atomic) and take no new work, so a stopped run leaves only complete files and
/// its outcome says which signal stopped it. The engine only reads it; the face that owns the
/// process's signals sets it (the command line's `Interruption.install()`).
package enum Interruption {
  /// The signal that arrived, if any.
  package static var received: Int32? {
    let value = receivedSignal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }

  /// Asks every run of the process to stop, for `signal`.
  package static func stop(by signal: Int32) {
    receivedSignal.store(signal, ordering: .relaxed)
  }
}

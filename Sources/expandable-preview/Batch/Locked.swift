import Synchronization

/// A value shared between worker threads behind a mutex. A class, so escaping closures can
/// capture it (a `Mutex` itself cannot be copied into them).
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    mutex.withLock { body(&$0) }
  }
}

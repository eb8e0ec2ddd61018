import Foundation

/// A value shared between worker threads behind a lock. A class, so escaping closures can
/// capture it. `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: ThreadSanitizer
/// sees pthread locking, but not the futex calls `Mutex` makes, and would report false races.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

import Foundation

/// A value shared between worker threads behind a lock: the package's one lock style (a
/// critical section without a value is a `Locked<Void>`). A class, so escaping closures can
/// capture it. `NSLock` (a pthread mutex), which ThreadSanitizer sees; chosen when the sanitizer
/// reported false races through `Synchronization.Mutex` (Swift 6.3's no longer does).
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

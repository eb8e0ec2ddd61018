import Foundation

/// A value shared between worker threads behind a lock. A class, so escaping closures can
/// capture it. `NSLock` (a pthread mutex), which ThreadSanitizer sees; it was chosen when the
/// sanitizer reported false races through `Synchronization.Mutex`, which Swift 6.3's no longer
/// causes (the playground's `Mutex` ran clean under Scripts/tsan.sh).
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

import Foundation

/// Lets work that holds decoded images run only while the pixels it holds, added to those of
/// the work already running, stay within a capacity: however many workers there are and however
/// large the images, no more pixels than that are decoded at once. Work larger than the whole
/// capacity waits until it can run alone.
package final class PixelGate: @unchecked Sendable {
  /// The most pixels held at once.
  package let capacity: Int
  private let condition = NSCondition()
  /// Used under `condition` only.
  private var held = 0
  private var most = 0
  private var running = 0
  private var mostRunning = 0

  package init(capacity: Int) {
    self.capacity = max(capacity, 1)
  }

  /// Runs `body` once `pixels` more pixels may be held, and lets them go when it returns.
  package func withPixels<T>(_ pixels: Int, _ body: () throws -> T) rethrows -> T {
    let weight = min(max(pixels, 1), capacity)
    condition.lock()
    while held + weight > capacity { condition.wait() }
    held += weight
    running += 1
    most = max(most, held)
    mostRunning = max(mostRunning, running)
    condition.unlock()
    defer {
      condition.lock()
      held -= weight
      running -= 1
      condition.broadcast()
      condition.unlock()
    }
    return try body()
  }

  /// The most pixels held at once so far (an oversized work counting as the capacity), and the
  /// most works run at once.
  package var peak: (pixels: Int, works: Int) {
    condition.lock()
    defer { condition.unlock() }
    return (most, mostRunning)
  }
}

internal import CSoup
import Dispatch
import ExpandablePreviewSupport

/// Why a request was cancelled before its answer was read.
enum CancelReason: Sendable, Equatable {
  /// Its total deadline (connect, headers and body) passed.
  case deadline
  /// SIGINT or SIGTERM arrived (``Interruption``).
  case interrupted
  /// The cache was given up while it waited (another request failed).
  case stopped
}

/// One request's `GCancellable` (`g_cancellable_new`, released with `g_object_unref`), its
/// deadline, and why it was cancelled.
final class RequestCancellation: @unchecked Sendable {
  private let pointer: UnsafeMutablePointer<GCancellable>
  private let due: Locked<DispatchTime>
  private let why = Locked<CancelReason?>(nil)

  init(deadline: DispatchTime) {
    pointer = g_cancellable_new()
    due = Locked(deadline)
  }

  /// When the request is cancelled unless it finished.
  var deadline: DispatchTime { due.withLock { $0 } }

  /// Moves the deadline on by `nanoseconds` the tool spent on its own work between reads (a
  /// streamed body written to files): the deadline bounds the wait for the server only.
  func extend(byNanoseconds nanoseconds: UInt64) {
    due.withLock { $0 = $0 + .nanoseconds(Int(clamping: nanoseconds)) }
  }

  deinit { g_object_unref(pointer) }

  /// Cancels the request (`g_cancellable_cancel`, which may be called from any thread and wakes
  /// a blocking read); the first reason stays.
  func cancel(_ reason: CancelReason) {
    let first = why.withLock { why in
      defer { why = why ?? reason }
      return why == nil
    }
    if first { g_cancellable_cancel(pointer) }
  }

  /// Lends the `GCancellable` to `body`, the owner kept alive meanwhile.
  func withUnsafeCancellable<T>(_ body: (UnsafeMutablePointer<GCancellable>) -> T) -> T {
    withExtendedLifetime(self) { body(pointer) }
  }

  /// Why the request was cancelled, or nil.
  var reason: CancelReason? { why.withLock { $0 } }
}

/// The requests under way, watched every 50 ms: one past its deadline, or every one when a
/// signal arrives, is cancelled at once, wherever its thread is blocked (connecting, reading
/// the headers or the body). A timeout on each read alone let a server sending a byte a second
/// hold a run without end.
final class RequestWatch: @unchecked Sendable {
  private struct State {
    var requests: [ObjectIdentifier: RequestCancellation] = [:]
    /// Set once the cache is given up: no request starts again.
    var stopped = false
  }
  private let state = Locked(State())
  private let timer: DispatchSourceTimer

  init() {
    timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now(), repeating: .milliseconds(50), leeway: .milliseconds(10))
    timer.setEventHandler { [state] in
      let now = DispatchTime.now()
      let interrupted = Interruption.received != nil
      let due = state.withLock { state in
        state.requests.values.filter { interrupted || $0.deadline <= now }
      }
      for request in due { request.cancel(interrupted ? .interrupted : .deadline) }
    }
    timer.resume()
  }

  deinit { timer.cancel() }

  /// A watched cancellation with `deadline`, nil once the cache is given up or a signal
  /// arrived; ``finish(_:)`` ends the watch.
  func start(deadline: DispatchTime) -> RequestCancellation? {
    let request = RequestCancellation(deadline: deadline)
    let started = state.withLock { state in
      guard !state.stopped, Interruption.received == nil else { return false }
      state.requests[ObjectIdentifier(request)] = request
      return true
    }
    return started ? request : nil
  }

  /// Ends the watch of `request`.
  func finish(_ request: RequestCancellation) {
    _ = state.withLock { $0.requests.removeValue(forKey: ObjectIdentifier(request)) }
  }

  /// Cancels every request under way and refuses new ones: the cache is given up.
  func stopAll() {
    let all = state.withLock { state in
      state.stopped = true
      return Array(state.requests.values)
    }
    for request in all { request.cancel(.stopped) }
  }
}

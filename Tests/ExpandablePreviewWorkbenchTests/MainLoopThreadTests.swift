import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// The workbench's main loop thread: work handed to it from any thread runs there, once each,
/// and state kept on that thread needs no lock. (Scripts/tsan.sh runs these under
/// ThreadSanitizer: the hand-off goes through GLib, which the sanitizer does not instrument.)
@Suite struct MainLoopThreadTests {
  /// State that only the loop's thread touches.
  private final class LoopState: @unchecked Sendable {
    var received: [[Int]] = []
    var threads: Set<pthread_t> = []
  }

  @Test func workFromManyThreadsRunsOnceEachOnTheLoopsThreadInEachSendersOrder() throws {
    let loop = MainLoopThread()
    defer {
      loop.quit()
      loop.wait()
    }
    let senders = 8
    let perSender = 250
    let state = LoopState()
    try loop.sync { state.received = Array(repeating: [], count: senders) }
    let sent = DispatchGroup()
    for sender in 0..<senders {
      sent.enter()
      Thread {
        defer { sent.leave() }
        for index in 0..<perSender {
          // A value made on this thread, read on the loop's.
          let payload = [sender, index]
          loop.async {
            state.received[payload[0]].append(payload[1])
            state.threads.insert(pthread_self())
          }
        }
      }.start()
    }
    sent.wait()
    let (received, threads, loopThread) = try loop.sync {
      (state.received, state.threads, pthread_self())
    }
    #expect(received == Array(repeating: Array(0..<perSender), count: senders))
    #expect(threads == [loopThread])
    #expect(loopThread != pthread_self())
  }

  @Test func syncReturnsTheResultOrRethrowsTheErrorOfTheWork() throws {
    struct Refused: Error, Equatable {}
    let loop = MainLoopThread()
    defer {
      loop.quit()
      loop.wait()
    }
    let results = Locked([Int]())
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      if let value = try? loop.sync({ index * index }) { results.withLock { $0.append(value) } }
    }
    #expect(results.withLock { $0.sorted() } == (0..<64).map { $0 * $0 })
    #expect(throws: Refused()) { try loop.sync { throw Refused() } }
  }
}

/// A value behind a lock, for the test threads' results.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}

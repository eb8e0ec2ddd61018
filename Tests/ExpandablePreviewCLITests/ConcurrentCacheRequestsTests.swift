import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// Many threads opening their first connections to one cache at once: GLib 2.74 aborts the
/// process when two threads of one `SoupSession` connect to a host together (they share its
/// `GNetworkAddress`), which once killed the whole test run on CI.
@Suite struct ConcurrentCacheRequestsTests {
  @Test func firstRequestsFromManyThreadsAtOnceAllGetAnswers() throws {
    guard let cache = try NginxCache() else { return }
    let url = cache.url
    for round in 0..<200 {
      let session = HTTPSession(maxConnections: 8, timeoutSeconds: 5)
      let statuses = Locked([Int]())
      // Real threads held at a gate, so that they connect together (a concurrent loop on
      // two cores would run two at a time).
      let gate = DispatchGroup()
      gate.enter()
      let done = DispatchGroup()
      for index in 0..<16 {
        done.enter()
        Thread {
          gate.wait()
          let answer = session.send(
            "GET", "\(url)/cas/missing-\(round)-\(index)", headers: [], maxBody: 1024,
            deadline: .now() + .seconds(5))
          statuses.withLock { $0.append((try? answer.get().status) ?? -1) }
          done.leave()
        }.start()
      }
      gate.leave()
      done.wait()
      #expect(statuses.withLock { $0 } == Array(repeating: 404, count: 16), "round \(round)")
    }
  }
}

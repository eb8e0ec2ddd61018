import ExpandablePreviewSupport
import Foundation
import Testing

/// The gate the review decodes goldens through: no more pixels held at once than its capacity,
/// and works that fit together run together.
@Suite struct PixelGateTests {
  @Test func worksThatDoNotFitTogetherRunOneAtATime() {
    let gate = PixelGate(capacity: 100)
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      // One over the capacity counts as the capacity: it runs alone too.
      gate.withPixels(index == 0 ? 1_000 : 51) { _ = usleep(2_000) }
    }
    #expect(gate.peak.works == 1)
    #expect(gate.peak.pixels <= 100)
  }

  @Test func worksThatFitTogetherRunTogether() {
    let gate = PixelGate(capacity: 100)
    let inside = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let met = Locked([Bool](repeating: false, count: 2))
    let done = DispatchGroup()
    for index in 0..<2 {
      done.enter()
      // Threads of their own: a busy pool could run both on one.
      Thread {
        gate.withPixels(50) {
          inside[index].signal()
          // Each waits for the other inside the gate: a gate letting one at a time in would
          // keep the other out until this one gave up.
          let other = inside[1 - index].wait(timeout: .now() + 30) == .success
          met.withLock { $0[index] = other }
        }
        done.leave()
      }.start()
    }
    done.wait()
    #expect(met.withLock { $0 } == [true, true])
    #expect(gate.peak.works == 2)
  }
}

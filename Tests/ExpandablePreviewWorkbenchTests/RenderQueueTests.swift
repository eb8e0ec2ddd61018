import ExpandablePreview
import Foundation
import Synchronization
import Testing

@testable import ExpandablePreviewWorkbench

/// The playground's render queue: the newest edit of a client wins, one client's edits never
/// run at once, and a busy client does not hold back another.
@Suite struct RenderQueueTests {
  @Test func editsReplacedBeforeTheyStartAreDroppedAndTheNewestRuns() throws {
    let queue = try RenderQueue(workers: 1)
    defer { queue.stop() }
    let gate = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let ran = Mutex<[Int]>([])
    let done = DispatchSemaphore(value: 0)
    // Edit 0 holds the only worker while edits 1…9 arrive: only 9 may follow it.
    queue.submit(
      .init(client: 1) { _ in
        started.signal()
        gate.wait()
        ran.withLock { $0.append(0) }
      })
    started.wait()
    for edit in 1...9 {
      queue.submit(
        .init(client: 1) { _ in
          ran.withLock { $0.append(edit) }
          done.signal()
        })
    }
    gate.signal()
    done.wait()
    #expect(ran.withLock { $0 } == [0, 9])
    #expect(queue.dropped == 8)
  }

  @Test func aBusyClientDoesNotHoldBackAnother() throws {
    let queue = try RenderQueue(workers: 2)
    defer { queue.stop() }
    let release = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let other = DispatchSemaphore(value: 0)
    queue.submit(
      .init(client: 1) { _ in
        started.signal()
        release.wait()
      })
    started.wait()
    queue.submit(.init(client: 1) { _ in })
    queue.submit(.init(client: 2) { _ in other.signal() })
    #expect(other.wait(timeout: .now() + 30) == .success)
    release.signal()
  }

  @Test func oneClientsEditsNeverRunAtOnce() throws {
    let queue = try RenderQueue(workers: 2)
    defer { queue.stop() }
    let running = Mutex(0)
    let overlapped = Mutex(false)
    let finished = DispatchSemaphore(value: 0)
    for edit in 0..<40 {
      queue.submit(
        .init(client: 7) { _ in
          if running.withLock({ count in
            count += 1
            return count
          }) > 1 {
            overlapped.withLock { $0 = true }
          }
          usleep(2000)
          running.withLock { $0 -= 1 }
          if edit == 39 { finished.signal() }
        })
      usleep(500)
    }
    #expect(finished.wait(timeout: .now() + 30) == .success)
    #expect(!overlapped.withLock { $0 })
  }

  @Test func eachWorkerRendersWithARendererOfItsOwn() throws {
    let queue = try RenderQueue(workers: 1)
    defer { queue.stop() }
    let result = Mutex<Data?>(nil)
    let done = DispatchSemaphore(value: 0)
    queue.submit(
      .init(client: 1) { renderer in
        let png = try? renderer.renderPNG(ExpandableText(text: "Hello"), options: RenderOptions())
          .png
        result.withLock { $0 = png }
        done.signal()
      })
    done.wait()
    let png = try #require(result.withLock { $0 })
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func theStatesOfOneEditRenderAtOnceOnFreeWorkers() throws {
    let queue = try RenderQueue(workers: 2)
    defer { queue.stop() }
    let first = DispatchSemaphore(value: 0)
    let second = DispatchSemaphore(value: 0)
    let together = Mutex(0)
    let done = DispatchSemaphore(value: 0)
    // Each part waits for the other to have started: only true when both run at once.
    queue.submit(
      .init(
        client: 1,
        parts: [
          { _ in
            first.signal()
            if second.wait(timeout: .now() + 30) == .success { together.withLock { $0 += 1 } }
            done.signal()
          },
          { _ in
            second.signal()
            if first.wait(timeout: .now() + 30) == .success { together.withLock { $0 += 1 } }
            done.signal()
          },
        ]))
    done.wait()
    done.wait()
    #expect(together.withLock { $0 } == 2)
  }

  @Test func anotherClientsWaitingEditGoesBeforeTheRestOfAnEdit() throws {
    let queue = try RenderQueue(workers: 1)
    defer { queue.stop() }
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let ran = Mutex<[String]>([])
    let done = DispatchSemaphore(value: 0)
    queue.submit(
      .init(
        client: 1,
        parts: [
          { _ in
            started.signal()
            release.wait()
            ran.withLock { $0.append("1a") }
          },
          { _ in
            ran.withLock { $0.append("1b") }
            done.signal()
          },
        ]))
    started.wait()
    queue.submit(.init(client: 2) { _ in ran.withLock { $0.append("2") } })
    release.signal()
    done.wait()
    #expect(ran.withLock { $0 } == ["1a", "2", "1b"])
  }

  /// A worker that cannot make its renderer (its font file is gone) used to end without a
  /// word, leaving edits to wait for ever; now the queue refuses to start and says why.
  @Test func aQueueWhoseRenderersCannotBeMadeRefusesToStart() {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-missing-\(UUID().uuidString).ttf")
    #expect(throws: (any Error).self) {
      _ = try RenderQueue(workers: 2, fontSet: .standard(adding: [missing]))
    }
  }
}

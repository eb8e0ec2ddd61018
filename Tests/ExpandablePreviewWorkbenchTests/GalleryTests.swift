import ExpandablePreview
import ExpandablePreviewEngine
import Foundation
import Synchronization
import Testing

@testable import ExpandablePreviewWorkbench

/// The live gallery's threads: the manifest is read off the server's event loop (which goes on
/// answering meanwhile), a newer version supersedes one being read, and a page gets the whole
/// state once and then only the items each batch of renders finished.
@Suite struct GalleryTests {
  /// A gallery on its own loop and queue, stopped with the value.
  final class Running {
    let loop = MainLoopThread()
    let queue: RenderQueue
    let gallery: Gallery

    init(
      path: String,
      decode: @escaping @Sendable (String) throws(PreviewProblem) -> GalleryManifest = {
        path throws(PreviewProblem) in try GalleryManifest(path: path)
      }
    ) throws {
      queue = try RenderQueue(workers: 2)
      gallery = Gallery(
        path: path, queue: queue, loop: loop, registry: SocketRegistry(), batch: 4,
        decode: decode)
    }

    func stop() {
      try? loop.sync { self.gallery.stop() }
      loop.quit()
      loop.wait()
      queue.stop()
    }
  }

  @Test func theManifestIsReadOffTheEventLoopWhichGoesOnAnswering() throws {
    let file = try GalleryManifestFile(count: 3)
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let onLoop = Mutex<[Bool]>([])
    let loopBox = Mutex<MainLoopThread?>(nil)
    let running = try Running(path: file.path) { path throws(PreviewProblem) in
      onLoop.withLock { $0.append(loopBox.withLock { $0 }?.isCurrentThread ?? true) }
      entered.signal()
      release.wait()
      return try GalleryManifest(path: path)
    }
    defer { running.stop() }
    loopBox.withLock { $0 = running.loop }
    try running.loop.sync { running.gallery.start() }
    entered.wait()
    // The read is held in the middle; the loop still runs what a request would need.
    let answer = try running.loop.sync { running.loop.isCurrentThread }
    #expect(answer)
    release.signal()
    running.gallery.drain()
    #expect(onLoop.withLock { $0 } == [false])
  }

  @Test func aNewerVersionSupersedesOneBeingRead() throws {
    let file = try GalleryManifestFile(count: 3)
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let reads = Mutex(0)
    let running = try Running(path: file.path) { path throws(PreviewProblem) in
      if reads.withLock({ count in
        count += 1
        return count == 1
      }) {
        entered.signal()
        release.wait()
      }
      return try GalleryManifest(path: path)
    }
    defer { running.stop() }
    try running.loop.sync { running.gallery.start() }
    entered.wait()
    // Versions 2 and 3 arrive while version 1 is read.
    running.gallery.reload()
    running.gallery.reload()
    release.signal()
    running.gallery.drain()
    // Version 1 was read but not applied, version 2 never read, version 3 applied.
    #expect(reads.withLock { $0 } == 2)
    #expect(running.gallery.superseded == 2)
    #expect(running.gallery.decoded == 2)
  }

  @Test func aPageGetsTheWholeStateThenOnlyTheItemsEachBatchFinished() throws {
    let file = try GalleryManifestFile(count: 10)
    let running = try Running(path: file.path)
    defer { running.stop() }
    let messages = Mutex<[String]>([])
    let done = DispatchSemaphore(value: 0)
    try running.loop.sync {
      running.gallery.addPage(
        send: { text in
          messages.withLock { $0.append(text) }
          // Everything rendered: in an update, or in the whole state when the page's state
          // was made after the last render.
          if let message = try? Decoded(text), message.rendering == 0,
            message.type == "gallery-update" || message.items?.count == 10
          {
            done.signal()
          }
        }, onClose: { _ in })
      running.gallery.start()
    }
    // A guard against a hang, not a measure of speed.
    #expect(done.wait(timeout: .now() + 300) == .success)
    let decoded = try messages.withLock { $0 }.map(Decoded.init)
    // The whole state on connecting (empty, or already the manifest's items: it is made on
    // another thread), the manifest's items once, then updates of at most a batch each.
    #expect(decoded.first?.type == "gallery")
    let whole = try #require(decoded.lastIndex { $0.type == "gallery" })
    #expect(decoded.filter { $0.type == "gallery" }.count <= 2)
    #expect(decoded[whole].items?.count == 10)
    let updates = decoded[(whole + 1)...]
    #expect(updates.allSatisfy { $0.type == "gallery-update" && $0.items == nil })
    #expect(updates.allSatisfy { ($0.updates?.count ?? 0) <= 4 })
    // Each item rendered in the whole state or in an update after it (one whose render was
    // stored before the state was made may be in both), and named by one update at most.
    let named = updates.flatMap { $0.updates ?? [] }
    let shownBefore = (decoded[whole].items ?? []).filter { $0.generation == 1 }.map(\.name)
    #expect(Set(named.map(\.name) + shownBefore) == Set((0..<10).map { "item\($0)" }))
    #expect(Set(named.map(\.name)).count == named.count)
    #expect(named.allSatisfy { $0.generation == 1 && !$0.pending && $0.files.count == 2 })
  }
}

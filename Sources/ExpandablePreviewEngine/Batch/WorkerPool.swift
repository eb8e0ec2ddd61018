import ExpandablePreview
import Foundation

/// Runs numbered pieces of work on ``RendererThreads``: each thread pulls the next index when
/// it finishes one and does each piece entirely on itself with its own renderer, so a pool that
/// runs many batches (the benchmark's soak) makes its renderers and buffers once.
package final class WorkerPool: Sendable {
  package typealias Work = @Sendable (Int, WorkerRenderer) -> Void

  private let threads: RendererThreads<IndexedBatch>
  private let batch = IndexedBatch()

  /// Starts `workers` threads.
  ///
  /// - Parameter fontSet: each thread's renderer draws with it (``Renderer/init(fontSet:)``);
  ///   if that fails, every piece the thread pulls gets the error instead of a renderer.
  package init(workers: Int, fontSet: FontSet = .standard) {
    threads = RendererThreads(count: workers, fontSet: fontSet, name: "render worker", eager: false)
    threads.start(batch)
  }

  /// Calls `work(index, renderer)` once for every index in `0..<count`, spread over the
  /// threads; returns when all are done, or when the pieces under way are done after an
  /// ``Interruption``.
  package func run(count: Int, _ work: @escaping Work) {
    // The caller's run's observer: the pool's threads outlive a run and inherit no task-local.
    let observer = RunMessages.observer
    threads.changing {
      batch.begin(count: count) { index, renderer in
        RunMessages.$observer.withValue(observer) { work(index, renderer) }
      }
    }
    threads.wait { batch.isDone }
    threads.changing { batch.end() }
  }

  /// Stops the threads once they are idle and waits for them. Call it once, when done.
  package func shutDown() { threads.stop() }

  /// A pool of `min(workers, count)` threads for one batch.
  package static func run(
    count: Int, workers: Int, fontSet: FontSet = .standard, _ work: @escaping Work
  ) {
    let pool = WorkerPool(workers: min(workers, max(count, 1)), fontSet: fontSet)
    pool.run(count: count, work)
    pool.shutDown()
  }
}

/// One batch at a time: indexes handed out in order. Used under the pool's lock.
private final class IndexedBatch: WorkerSchedule, @unchecked Sendable {
  private var work: WorkerPool.Work?
  private var count = 0
  private var taken = 0
  private var finishedCount = 0

  func begin(count: Int, _ work: @escaping WorkerPool.Work) {
    self.work = work
    self.count = count
    taken = 0
    finishedCount = 0
  }

  func end() { work = nil }

  /// Every piece ran, or every piece begun ran after an interruption stopped new ones.
  var isDone: Bool {
    finishedCount == taken && (taken == count || Interruption.received != nil)
  }

  func take() -> (index: Int, work: WorkerPool.Work)? {
    // After SIGINT or SIGTERM no new work starts; the file being written completes.
    guard taken < count, let work, Interruption.received == nil else { return nil }
    defer { taken += 1 }
    return (taken, work)
  }

  func finished(_ piece: (index: Int, work: WorkerPool.Work)) { finishedCount += 1 }

  func run(_ piece: (index: Int, work: WorkerPool.Work), on renderer: WorkerRenderer) {
    piece.work(piece.index, renderer)
  }
}

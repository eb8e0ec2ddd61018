import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// A fixed number of threads that run numbered pieces of work. Each thread owns one
/// ``Renderer`` for the pool's whole life, made when a piece first asks for it
/// (``WorkerRenderer``), and does each piece entirely on itself, because Pango's default font
/// map is per thread; a renderer also keeps its pixel and PNG buffers, so a pool that runs
/// many batches (the benchmark's soak) allocates them once.
package final class WorkerPool: @unchecked Sendable {
  package typealias Work = @Sendable (Int, WorkerRenderer) -> Void

  /// Guards everything below; workers wait on it for a batch, `run` for the batch's end.
  private let condition = NSCondition()
  private var work: Work?
  private var count = 0
  private var nextIndex = 0
  /// Increases with every batch, so a worker knows a batch it has not run yet.
  private var batch = 0
  private var idleWorkers = 0
  private var isShuttingDown = false
  private let workerCount: Int
  private let stopped = DispatchGroup()

  /// Starts `workers` threads.
  ///
  /// - Parameter fontSet: each thread's renderer draws with it (``Renderer/init(fontSet:)``);
  ///   if that fails, every piece the thread pulls gets the error instead of a renderer.
  package init(workers: Int, fontSet: FontSet = .standard) {
    workerCount = max(1, workers)
    for _ in 0..<workerCount {
      stopped.enter()
      let thread = Thread { [self] in
        workLoop(WorkerRenderer(fontSet: fontSet))
        stopped.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Calls `work(index, renderer)` once for every index in `0..<count`, spread over the
  /// threads, which pull the next index when they finish one; returns when all are done, or
  /// when the pieces under way are done after an ``Interruption``.
  package func run(count: Int, _ work: @escaping Work) {
    // The caller's run's streams: the pool's threads outlive a run and inherit no task-local.
    let streams = Console.streams
    condition.lock()
    defer { condition.unlock() }
    self.work = { index, renderer in
      Console.$streams.withValue(streams) { work(index, renderer) }
    }
    self.count = count
    nextIndex = 0
    idleWorkers = 0
    batch += 1
    condition.broadcast()
    while idleWorkers < workerCount { condition.wait() }
    self.work = nil
  }

  /// Stops the threads once they are idle and waits for them. Call it once, when done.
  package func shutDown() {
    condition.lock()
    isShuttingDown = true
    condition.broadcast()
    condition.unlock()
    stopped.wait()
  }

  /// A pool of `min(workers, count)` threads for one batch.
  package static func run(
    count: Int, workers: Int, fontSet: FontSet = .standard, _ work: @escaping Work
  ) {
    let pool = WorkerPool(workers: min(workers, max(count, 1)), fontSet: fontSet)
    pool.run(count: count, work)
    pool.shutDown()
  }

  private func workLoop(_ renderer: WorkerRenderer) {
    var batchesRun = 0
    condition.lock()
    while true {
      while batch == batchesRun && !isShuttingDown { condition.wait() }
      if isShuttingDown { break }
      batchesRun = batch
      while let (index, work) = takeIndex() {
        condition.unlock()
        work(index, renderer)
        condition.lock()
      }
      idleWorkers += 1
      if idleWorkers == workerCount { condition.broadcast() }
    }
    condition.unlock()
  }

  /// The next index of the batch and its work, or nil when none is left; called locked.
  private func takeIndex() -> (Int, Work)? {
    // After SIGINT or SIGTERM no new work starts; the file being written completes.
    guard nextIndex < count, let work, Interruption.received == nil else { return nil }
    defer { nextIndex += 1 }
    return (nextIndex, work)
  }
}

/// A worker thread's renderer, made on first use: a run whose jobs are all unchanged never
/// builds the font configuration. Used on its thread only.
package final class WorkerRenderer {
  private let fontSet: FontSet
  private var made: Result<Renderer, RenderError>?

  init(fontSet: FontSet) { self.fontSet = fontSet }

  /// The renderer, made on the first call; the error of making it, on every call, when that
  /// failed.
  package func get() throws(RenderError) -> Renderer {
    if let made { return try made.get() }
    let result = Result { () throws(RenderError) in try Renderer(fontSet: fontSet) }
    made = result
    return try result.get()
  }
}

import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// What a ``RendererThreads`` pool runs and in which order: the batch of ``WorkerPool``, the
/// workbench's edits. Its methods are called with the pool's lock held, except ``run(_:on:)``;
/// that lock is what makes a schedule's `@unchecked Sendable` true.
package protocol WorkerSchedule: AnyObject, Sendable {
  associatedtype Piece
  /// The next piece to run, or nil when there is none now.
  func take() -> Piece?
  /// Called once `piece` has run.
  func finished(_ piece: Piece)
  /// Runs `piece` on the calling worker thread with that thread's renderer.
  func run(_ piece: Piece, on renderer: WorkerRenderer)
}

/// The package's one pool of worker threads. Each thread owns one ``Renderer`` for its whole
/// life (Pango's default font map is per thread, and a renderer keeps its pixel and PNG
/// buffers), takes pieces from the schedule, and waits on the pool's lock when there are none.
package final class RendererThreads<Schedule: WorkerSchedule>: @unchecked Sendable {
  private let condition = NSCondition()
  private let stopped = DispatchGroup()
  private var isStopping = false
  /// Set by ``start(_:)``; read by the threads under the lock.
  private var schedule: Schedule?
  private let failures = Locked([RenderError]())

  /// Starts `count` threads named `name` and a number, and returns once each is ready.
  ///
  /// - Parameter eager: each thread makes its renderer before it is ready; a thread that could
  ///   not (the fonts are missing, say) ends, and ``firstFailure`` says why. Without it a
  ///   renderer is made when a piece first asks (``WorkerRenderer``): a run whose pieces need
  ///   none never builds the font configuration.
  package init(count: Int, fontSet: FontSet, name: String, eager: Bool) {
    let ready = DispatchGroup()
    for index in 0..<max(1, count) {
      stopped.enter()
      ready.enter()
      let thread = Thread { [self] in
        defer { stopped.leave() }
        let renderer = WorkerRenderer(fontSet: fontSet)
        if eager {
          do throws(RenderError) {
            _ = try renderer.get()
          } catch {
            self.failures.withLock { $0.append(error) }
            ready.leave()
            return
          }
        }
        ready.leave()
        workLoop(renderer)
      }
      thread.name = "\(name) \(index)"
      thread.stackSize = 8 << 20
      thread.start()
    }
    ready.wait()
  }

  /// The error of the first eager thread that could not make its renderer; stop the pool and
  /// refuse to work when there is one, so no piece waits for a thread that is not there.
  package var firstFailure: RenderError? { failures.withLock { $0.first } }

  /// Hands the threads their schedule; call it once, before ``changing(_:)``.
  package func start(_ schedule: Schedule) {
    changing { self.schedule = schedule }
  }

  /// Runs `change` (a change to the schedule) with the lock held and wakes the threads.
  package func changing<Result>(_ change: () -> Result) -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return change()
  }

  /// Waits, with the lock held, until `isDone` (asked again whenever a piece finishes).
  package func wait(until isDone: () -> Bool) {
    condition.lock()
    defer { condition.unlock() }
    while !isDone() { condition.wait() }
  }

  /// Stops the threads once their pieces under way are done and waits for them, at most
  /// `patience` (a render whose answer has nowhere to go must not keep Ctrl-C waiting).
  package func stop(patience: DispatchTime = .distantFuture) {
    changing { isStopping = true }
    _ = stopped.wait(timeout: patience)
  }

  private func workLoop(_ renderer: WorkerRenderer) {
    condition.lock()
    while !isStopping {
      guard let schedule, let piece = schedule.take() else {
        condition.wait()
        continue
      }
      // Another piece may be waiting for a thread that is asleep.
      condition.signal()
      condition.unlock()
      schedule.run(piece, on: renderer)
      condition.lock()
      schedule.finished(piece)
      condition.broadcast()
    }
    condition.unlock()
  }
}

/// A worker thread's renderer, made on first use. Used on its thread only.
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

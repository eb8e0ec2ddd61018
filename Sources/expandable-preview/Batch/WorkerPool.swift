import ExpandablePreview
import Foundation

/// Runs numbered pieces of work on a fixed number of threads. Each thread owns one ``Renderer``
/// and does each piece entirely on itself, because Pango's default font map is per thread.
enum WorkerPool {
  /// Calls `work(index, renderer)` once for every index in `0..<count`, spread over `workers`
  /// threads that pull the next index when they finish one; returns when all are done, or
  /// when the pieces under way are done after an ``Interruption``.
  ///
  /// - Parameter fonts: when given, each thread's renderer uses only these font files and
  ///   folders (``Renderer/init(fonts:)``); if that fails, every piece the thread pulls gets
  ///   the error instead of a renderer.
  static func run(
    count: Int, workers: Int, fonts: [URL]? = nil,
    _ work: @escaping @Sendable (Int, Result<Renderer, RenderError>) -> Void
  ) {
    let next = Locked(0)
    let group = DispatchGroup()
    for _ in 0..<max(1, min(workers, count)) {
      group.enter()
      let thread = Thread {
        let renderer = Result { () throws(RenderError) in
          try fonts.map { fonts throws(RenderError) in try Renderer(fonts: fonts) } ?? Renderer()
        }
        while true {
          let index = next.withLock { value in
            defer { value += 1 }
            return value
          }
          // After SIGINT or SIGTERM no new work starts; the file being written completes.
          guard index < count, Interruption.received == nil else { break }
          work(index, renderer)
        }
        group.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
  }
}

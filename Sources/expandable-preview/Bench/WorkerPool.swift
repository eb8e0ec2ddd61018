import Foundation

/// Runs work on a fixed number of threads that pull indices from one shared counter. Each
/// worker runs wholly on its own thread, so it can own thread-bound objects (a `Renderer`;
/// Pango's default font map is per thread).
enum WorkerPool {
  /// Calls `worker` once on each of `threads` new threads; it takes indices of `0..<count`
  /// from `next` until that returns `nil`, and returns what it gathered. After the first
  /// error no more indices are handed out and that error is rethrown.
  static func run<Partial: Sendable>(
    count: Int, threads: Int,
    worker: @escaping @Sendable (_ next: () -> Int?) throws -> Partial
  ) throws -> [Partial] {
    let shared = SharedState<Partial>(count: count)
    let group = DispatchGroup()
    for _ in 0..<max(1, threads) {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        do {
          shared.finish(.success(try worker(shared.next)))
        } catch {
          shared.finish(.failure(error))
        }
      }
      thread.start()
    }
    group.wait()
    return try shared.results()
  }

  /// The counter and the results, behind one lock.
  private final class SharedState<Partial: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var nextIndex = 0
    private var partials: [Partial] = []
    private var firstError: (any Error)?

    init(count: Int) { self.count = count }

    func next() -> Int? {
      lock.withLock {
        guard firstError == nil, nextIndex < count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
      }
    }

    func finish(_ result: Result<Partial, any Error>) {
      lock.withLock {
        switch result {
        case .success(let partial): partials.append(partial)
        case .failure(let error): if firstError == nil { firstError = error }
        }
      }
    }

    func results() throws -> [Partial] {
      try lock.withLock {
        if let firstError { throw firstError }
        return partials
      }
    }
  }
}

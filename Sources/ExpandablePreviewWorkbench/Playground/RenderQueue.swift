import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// Renders the playgrounds' edits on worker threads, never on the main loop. Each client (a
/// WebSocket) has one slot: a newer edit replaces one that has not started (the older is dropped,
/// never rendered), and one client's edits render one at a time, in order. An edit may come in
/// parts (its states), which render on every worker that has nothing else to do: a waiting
/// edit of another client always goes first, so a client that floods edits holds back another
/// by at most the part under way.
final class RenderQueue: @unchecked Sendable {
  /// One edit to render, in parts that may run at once, each on its worker's thread.
  struct Request: Sendable {
    var client: Int
    var parts: [@Sendable (Renderer) -> Void]

    init(client: Int, parts: [@Sendable (Renderer) -> Void]) {
      self.client = client
      self.parts = parts
    }

    /// An edit of one part.
    init(client: Int, work: @escaping @Sendable (Renderer) -> Void) {
      self.init(client: client, parts: [work])
    }
  }

  private let condition = NSCondition()
  /// The newest edit of each client that has not started.
  private var pending: [Int: Request] = [:]
  /// Clients in the order their pending edit first arrived (fairness between tabs).
  private var order: [Int] = []
  /// Clients with an edit under way, and how many of its parts have not finished.
  private var unfinished: [Int: Int] = [:]
  /// Parts of the edits under way that no worker has taken yet, by client.
  private var untaken: [(client: Int, part: @Sendable (Renderer) -> Void)] = []
  private var isStopping = false
  private let stopped = DispatchGroup()
  /// Edits replaced before they started, for the log and the benchmark.
  private(set) var dropped = 0

  /// Starts `workers` threads, each with its own renderer on `fontSet` (Pango's font map is per
  /// thread), and returns once every one has its renderer.
  ///
  /// - Throws: the first renderer's error when any thread could not make one (the fonts are
  ///   missing, say): the threads are stopped, so no edit waits for a worker that is not there.
  init(workers: Int, fontSet: FontSet = .standard) throws {
    let ready = DispatchGroup()
    let failures = Locked([any Error]())
    for index in 0..<max(1, workers) {
      stopped.enter()
      ready.enter()
      let thread = Thread { [self] in
        defer { stopped.leave() }
        let renderer: Renderer
        do {
          renderer = try Renderer(fontSet: fontSet)
        } catch {
          failures.withLock { $0.append(error) }
          ready.leave()
          return
        }
        ready.leave()
        workLoop(renderer)
      }
      thread.name = "workbench renderer \(index)"
      thread.stackSize = 8 << 20
      thread.start()
    }
    ready.wait()
    if let failure = failures.withLock({ $0.first }) {
      stop()
      throw failure
    }
  }

  /// Queues `request`, replacing its client's edit that has not started.
  func submit(_ request: Request) {
    condition.lock()
    defer { condition.unlock() }
    if pending.updateValue(request, forKey: request.client) != nil {
      dropped += 1
    } else {
      order.append(request.client)
    }
    condition.broadcast()
  }

  /// Forgets a client's edit that has not started (its socket closed).
  func cancel(client: Int) {
    condition.lock()
    defer { condition.unlock() }
    if pending.removeValue(forKey: client) != nil { order.removeAll { $0 == client } }
  }

  /// Drops the renders not started and waits for the threads, at most `patience`: a render
  /// under way (its answer has nowhere to go) must not keep Ctrl-C waiting; the threads hold
  /// the queue until they end.
  func stop(patience: DispatchTimeInterval = .seconds(1)) {
    condition.lock()
    isStopping = true
    pending = [:]
    order = []
    untaken = []
    condition.broadcast()
    condition.unlock()
    _ = stopped.wait(timeout: .now() + patience)
  }

  /// The next part to render and its client: a waiting edit of a client with none under way
  /// first, else a part of an edit under way. Called with the lock held.
  private func nextPart() -> (client: Int, part: @Sendable (Renderer) -> Void)? {
    if let position = order.firstIndex(where: { unfinished[$0] == nil }) {
      let client = order.remove(at: position)
      let request = pending.removeValue(forKey: client)!
      guard let first = request.parts.first else { return nextPart() }
      unfinished[client] = request.parts.count
      untaken += request.parts.dropFirst().map { (client, $0) }
      return (client, first)
    }
    return untaken.isEmpty ? nil : untaken.removeFirst()
  }

  private func workLoop(_ renderer: Renderer) {
    while true {
      condition.lock()
      var next: (client: Int, part: @Sendable (Renderer) -> Void)?
      while next == nil {
        if isStopping {
          condition.unlock()
          return
        }
        next = nextPart()
        if next == nil { condition.wait() }
      }
      if !untaken.isEmpty { condition.signal() }
      condition.unlock()
      next!.part(renderer)
      condition.lock()
      unfinished[next!.client]! -= 1
      if unfinished[next!.client] == 0 { unfinished[next!.client] = nil }
      condition.broadcast()
      condition.unlock()
    }
  }
}

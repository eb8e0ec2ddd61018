import ExpandablePreview
import ExpandablePreviewCLI
import Foundation

/// Renders the playgrounds' edits on worker threads, never on the main loop. Each client (a
/// WebSocket) has one slot: a newer edit replaces one that has not started (the older is dropped,
/// never rendered), and one client's edits render one at a time, in order, so a client that
/// floods edits holds at most one worker while the others serve the other tabs.
final class RenderQueue: @unchecked Sendable {
  /// One edit to render, and where its answer goes (called on the worker thread).
  struct Request: Sendable {
    var client: Int
    var work: @Sendable (Renderer) -> Void
  }

  private let condition = NSCondition()
  /// The newest edit of each client that has not started.
  private var pending: [Int: Request] = [:]
  /// Clients in the order their pending edit first arrived (fairness between tabs).
  private var order: [Int] = []
  /// Clients with an edit rendering now.
  private var busy: Set<Int> = []
  private var isStopping = false
  private let stopped = DispatchGroup()
  /// Edits replaced before they started, for the log and the benchmark.
  private(set) var dropped = 0

  /// Starts `workers` threads, each with its own renderer on `fontSet` (Pango's font map is per
  /// thread).
  init(workers: Int, fontSet: FontSet = .standard) {
    for index in 0..<max(1, workers) {
      stopped.enter()
      let thread = Thread { [self] in
        if let renderer = try? Renderer(fontSet: fontSet) { workLoop(renderer) }
        stopped.leave()
      }
      thread.name = "workbench renderer \(index)"
      thread.stackSize = 8 << 20
      thread.start()
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
    condition.signal()
  }

  /// Forgets a client's edit that has not started (its socket closed).
  func cancel(client: Int) {
    condition.lock()
    defer { condition.unlock() }
    if pending.removeValue(forKey: client) != nil { order.removeAll { $0 == client } }
  }

  /// Lets the renders under way finish, drops the rest and waits for the threads.
  func stop() {
    condition.lock()
    isStopping = true
    pending = [:]
    order = []
    condition.broadcast()
    condition.unlock()
    stopped.wait()
  }

  private func workLoop(_ renderer: Renderer) {
    while true {
      condition.lock()
      var next: Request?
      while next == nil {
        if isStopping {
          condition.unlock()
          return
        }
        if let position = order.firstIndex(where: { !busy.contains($0) }) {
          let client = order.remove(at: position)
          next = pending.removeValue(forKey: client)
          busy.insert(client)
        } else {
          condition.wait()
        }
      }
      condition.unlock()
      next!.work(renderer)
      condition.lock()
      busy.remove(next!.client)
      condition.broadcast()
      condition.unlock()
    }
  }
}

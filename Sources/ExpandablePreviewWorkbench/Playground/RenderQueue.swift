import ExpandablePreview
import ExpandablePreviewEngine
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

  private let threads: RendererThreads<EditSchedule>
  private let schedule = EditSchedule()
  /// Edits replaced before they started, for the log and the benchmark.
  var dropped: Int { threads.changing { schedule.dropped } }

  /// Starts `workers` threads, each with its own renderer on `fontSet` (Pango's font map is per
  /// thread), and returns once every one has its renderer.
  ///
  /// - Throws: the first renderer's error when any thread could not make one (the fonts are
  ///   missing, say): the threads are stopped, so no edit waits for a worker that is not there.
  init(workers: Int, fontSet: FontSet = .standard) throws {
    threads = RendererThreads(
      count: workers, fontSet: fontSet, name: "workbench renderer", eager: true)
    if let failure = threads.firstFailure {
      threads.stop()
      throw failure
    }
    threads.start(schedule)
  }

  /// Queues `request`, replacing its client's edit that has not started.
  func submit(_ request: Request) {
    threads.changing { schedule.submit(request) }
  }

  /// Forgets a client's edit that has not started (its socket closed).
  func cancel(client: Int) {
    threads.changing { schedule.cancel(client: client) }
  }

  /// Drops the renders not started and waits for the threads, at most `patience`: a render
  /// under way (its answer has nowhere to go) must not keep Ctrl-C waiting; the threads hold
  /// the queue until they end.
  func stop(patience: DispatchTimeInterval = .seconds(1)) {
    threads.changing { schedule.clear() }
    threads.stop(patience: .now() + patience)
  }
}

/// The edits waiting and under way, per client. Used under the pool's lock.
private final class EditSchedule: WorkerSchedule, @unchecked Sendable {
  typealias Piece = (client: Int, part: @Sendable (Renderer) -> Void)

  /// The newest edit of each client that has not started.
  private var pending: [Int: RenderQueue.Request] = [:]
  /// Clients in the order their pending edit first arrived (fairness between tabs).
  private var order: [Int] = []
  /// Clients with an edit under way, and how many of its parts have not finished.
  private var unfinished: [Int: Int] = [:]
  /// Parts of the edits under way that no worker has taken yet, by client.
  private var untaken: [Piece] = []
  private(set) var dropped = 0

  func submit(_ request: RenderQueue.Request) {
    if pending.updateValue(request, forKey: request.client) != nil {
      dropped += 1
    } else {
      order.append(request.client)
    }
  }

  func cancel(client: Int) {
    if pending.removeValue(forKey: client) != nil { order.removeAll { $0 == client } }
  }

  func clear() {
    pending = [:]
    order = []
    untaken = []
  }

  /// A waiting edit of a client with none under way first, else a part of an edit under way.
  func take() -> Piece? {
    if let position = order.firstIndex(where: { unfinished[$0] == nil }) {
      let client = order.remove(at: position)
      let request = pending.removeValue(forKey: client)!
      guard let first = request.parts.first else { return take() }
      unfinished[client] = request.parts.count
      untaken += request.parts.dropFirst().map { (client, $0) }
      return (client, first)
    }
    return untaken.isEmpty ? nil : untaken.removeFirst()
  }

  func finished(_ piece: Piece) {
    unfinished[piece.client]! -= 1
    if unfinished[piece.client] == 0 { unfinished[piece.client] = nil }
  }

  /// The renderer was made before the pool started (``RendererThreads`` `eager`).
  func run(_ piece: Piece, on renderer: WorkerRenderer) {
    guard let made = try? renderer.get() else { return }
    piece.part(made)
  }
}

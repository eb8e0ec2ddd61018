import ExpandablePreview
import ExpandablePreviewCLI
import Foundation

/// One playground page's WebSocket: its edits go to the ``RenderQueue``; the answers come back
/// to the main loop and are sent if the socket is still open. Lives on the ``MainLoopThread``.
final class PlaygroundSocket {
  /// The largest message a page may send (a text and its settings).
  static let maxMessageBytes = 64 << 10

  let client: Int
  private let socket: WebSocket
  private let queue: RenderQueue
  private let loop: MainLoopThread
  private let registry: SocketRegistry

  init(
    connection: OpaquePointer, client: Int, queue: RenderQueue, loop: MainLoopThread,
    registry: SocketRegistry
  ) {
    socket = WebSocket(connection, maxMessageBytes: Self.maxMessageBytes)
    self.client = client
    self.queue = queue
    self.loop = loop
    self.registry = registry
    socket.received = { [weak self] text in self?.received(text) }
    socket.closed = { [weak self] in self?.closed() }
    socket.send(MessageJSON.text(HelloMessage(controls: ItemPreview.controls)))
  }

  func send(_ text: String) { socket.send(text) }

  private func received(_ text: String) {
    guard let edit = try? JSONDecoder().decode(EditMessage.self, from: Data(text.utf8)),
      edit.type == "edit" || edit.type == "edges"
    else {
      send(MessageJSON.text(ProblemMessage(seq: -1, message: "unreadable message")))
      return
    }
    let arrived = ContinuousClock.now
    let loop = loop
    let client = client
    let registry = registry
    // The answer goes back through the registry: the socket may have closed meanwhile.
    let deliver: @Sendable (String) -> Void = { answer in
      loop.async { registry.send(answer, to: client) }
    }
    queue.submit(
      RenderQueue.Request(client: client) { renderer in
        deliver(
          edit.type == "edges"
            ? PlaygroundRender.edges(of: edit, with: renderer)
            : PlaygroundRender.answer(to: edit, with: renderer, arrived: arrived))
      })
  }

  private func closed() {
    queue.cancel(client: client)
    registry.remove(client)
  }
}

/// The open playground sockets by client number; used on the main loop's thread only (the
/// render workers reach it through ``MainLoopThread/async(_:)``).
final class SocketRegistry: @unchecked Sendable {
  private var sockets: [Int: PlaygroundSocket] = [:]
  private var lastClient = 0

  /// A number for a new socket.
  func nextClient() -> Int {
    lastClient += 1
    return lastClient
  }

  func add(_ socket: PlaygroundSocket) { sockets[socket.client] = socket }
  func remove(_ client: Int) { sockets[client] = nil }
  func removeAll() { sockets = [:] }

  func send(_ text: String, to client: Int) { sockets[client]?.send(text) }
}

internal import CSoup
import ExpandablePreview
import ExpandablePreviewCLI
import Foundation

/// One playground page's WebSocket: owns a reference to the `SoupWebsocketConnection` (taken in
/// `init`, dropped in `deinit` after disconnecting its signal handlers). Its edits go to the
/// ``RenderQueue``; the answers come back to the main loop and are sent if it is still open.
/// Lives on the ``MainLoopThread``.
final class PlaygroundSocket {
  /// The largest message a page may send (a text and its settings).
  static let maxMessageBytes: UInt64 = 256 << 10

  let client: Int
  private let connection: OpaquePointer
  private var handlers: [gulong] = []
  private let queue: RenderQueue
  private let loop: MainLoopThread
  private let registry: SocketRegistry

  init(
    connection: OpaquePointer, client: Int, queue: RenderQueue, loop: MainLoopThread,
    registry: SocketRegistry
  ) {
    self.connection = connection
    self.client = client
    self.queue = queue
    self.loop = loop
    self.registry = registry
    g_object_ref(UnsafeMutableRawPointer(connection))
    soup_websocket_connection_set_max_incoming_payload_size(
      connection, guint64(Self.maxMessageBytes))
    typealias MessageHandler =
      @convention(c) (OpaquePointer?, gint, OpaquePointer?, gpointer?) -> Void
    typealias ClosedHandler = @convention(c) (OpaquePointer?, gpointer?) -> Void
    let onMessage: MessageHandler = { _, type, bytes, data in
      guard let bytes, type == Int32(SOUP_WEBSOCKET_DATA_TEXT.rawValue) else { return }
      var size: gsize = 0
      guard let pointer = g_bytes_get_data(bytes, &size) else { return }
      let text = String(
        decoding: UnsafeRawBufferPointer(start: pointer, count: Int(size)), as: UTF8.self)
      CallbackBox<WeakSocket>.value(data).socket?.received(text)
    }
    let onClosed: ClosedHandler = { _, data in
      CallbackBox<WeakSocket>.value(data).socket?.closed()
    }
    let weak = WeakSocket(socket: nil)
    handlers.append(
      g_signal_connect_data(
        UnsafeMutableRawPointer(connection), "message",
        unsafeBitCast(onMessage, to: GCallback.self), CallbackBox.retained(weak),
        { data, _ in CallbackBox<WeakSocket>.release(data) }, GConnectFlags(0)))
    handlers.append(
      g_signal_connect_data(
        UnsafeMutableRawPointer(connection), "closed",
        unsafeBitCast(onClosed, to: GCallback.self), CallbackBox.retained(weak),
        { data, _ in CallbackBox<WeakSocket>.release(data) }, GConnectFlags(0)))
    weak.socket = self
    send(MessageJSON.text(HelloMessage(controls: ItemPreview.controls)))
  }

  deinit {
    for handler in handlers {
      g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), handler)
    }
    g_object_unref(UnsafeMutableRawPointer(connection))
  }

  /// Sends `text` if the socket is still open.
  func send(_ text: String) {
    guard soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN else {
      return
    }
    soup_websocket_connection_send_text(connection, text)
  }

  private func received(_ text: String) {
    guard let edit = try? JSONDecoder().decode(EditMessage.self, from: Data(text.utf8)),
      edit.type == "edit"
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
        deliver(PlaygroundRender.answer(to: edit, with: renderer, arrived: arrived))
      })
  }

  private func closed() {
    queue.cancel(client: client)
    registry.remove(client)
  }
}

/// The signal handlers' user data: the socket without keeping it alive (it owns the handlers).
private final class WeakSocket {
  weak var socket: PlaygroundSocket?
  init(socket: PlaygroundSocket?) { self.socket = socket }
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

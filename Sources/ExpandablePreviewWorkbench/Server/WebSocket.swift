internal import CSoup
import Foundation

/// Owns a reference to one `SoupWebsocketConnection` (taken in `init`, dropped in `deinit` after
/// its signal handlers are disconnected): text messages go to `received`, the close to `closed`.
/// Lives on the ``MainLoopThread``.
final class WebSocket {
  private let connection: OpaquePointer
  private var handlers: [gulong] = []
  var received: (String) -> Void = { _ in }
  var closed: () -> Void = {}

  /// Takes a reference to `connection` and limits incoming messages to `maxMessageBytes`
  /// (libsoup closes the socket on a larger one).
  init(_ connection: OpaquePointer, maxMessageBytes: Int) {
    self.connection = connection
    g_object_ref(UnsafeMutableRawPointer(connection))
    soup_websocket_connection_set_max_incoming_payload_size(connection, guint64(maxMessageBytes))
    typealias MessageHandler =
      @convention(c) (OpaquePointer?, gint, OpaquePointer?, gpointer?) ->
      Void
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
    let weak = WeakSocket(self)
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

  /// Sends `bytes` as one binary message if the socket is still open
  /// (`soup_websocket_connection_send_binary`, which copies them before returning).
  func send(binary bytes: Data) {
    guard soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN else {
      return
    }
    bytes.withUnsafeBytes { buffer in
      soup_websocket_connection_send_binary(connection, buffer.baseAddress, gsize(buffer.count))
    }
  }

  /// Sends a playground message as text or binary, as it was made.
  func send(_ message: SocketMessage) {
    switch message {
    case .text(let text): send(text)
    case .binary(let bytes): send(binary: bytes)
    }
  }
}

/// The signal handlers' user data: the socket without keeping it alive (it owns the handlers).
private final class WeakSocket {
  weak var socket: WebSocket?
  init(_ socket: WebSocket) { self.socket = socket }
}

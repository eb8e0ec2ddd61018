internal import CSoup
import Foundation

/// Refusals that never read the request body: libsoup reads a whole body into memory before any
/// handler runs and whatever the status, so a request refused at its headers (by the gate or by
/// libsoup) and a body that grows past ``AccessGate/maxBodyBytes`` as it arrives (chunked, or
/// longer than declared) are answered here instead. The connection is taken from libsoup
/// (`soup_server_message_steal_connection`), the answer written with `Connection: close`, the
/// sending side shut, and the socket closed a moment later, unread.
extension HTTPServer {
  /// Watches every request: `got-headers` (connected after libsoup's own handler, so after the
  /// gate) and each body chunk as it arrives.
  func refuseBeforeReadingBodies() {
    typealias Started = @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void
    let started: Started = { _, message, _ in
      guard let message else { return }
      HTTPServer.watchBody(of: message)
    }
    withUnsafeServer { server in
      _ = g_signal_connect_data(
        UnsafeMutableRawPointer(server), "request-started",
        unsafeBitCast(started, to: GCallback.self),
        nil, nil, GConnectFlags(0))
    }
  }

  private static func watchBody(of message: OpaquePointer) {
    typealias HeadersRead = @convention(c) (OpaquePointer?, gpointer?) -> Void
    typealias ChunkRead = @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void
    let headersRead: HeadersRead = { message, _ in
      guard let message, soup_server_message_get_status(message) != 0 else { return }
      RefusedConnection.answerAndClose(message)
    }
    let chunkRead: ChunkRead = { message, chunk, data in
      guard let message, let chunk else { return }
      let counter = CallbackBox<BodyCounter>.value(data)
      counter.received += Int(g_bytes_get_size(chunk))
      guard counter.received > AccessGate.maxBodyBytes else { return }
      HTTPServer.answer(
        message, Response.text(413, "the request body is over \(AccessGate.maxBodyBytes) bytes"))
      RefusedConnection.answerAndClose(message)
    }
    let instance = UnsafeMutableRawPointer(message)
    g_signal_connect_data(
      instance, "got-headers", unsafeBitCast(headersRead, to: GCallback.self), nil, nil,
      GConnectFlags(0))
    g_signal_connect_data(
      instance, "got-chunk", unsafeBitCast(chunkRead, to: GCallback.self),
      CallbackBox.retained(BodyCounter()), { data, _ in CallbackBox<BodyCounter>.release(data) },
      GConnectFlags(0))
  }
}

/// The bytes of one request's body received so far.
private final class BodyCounter {
  var received = 0
}

/// A connection taken from libsoup after a refusal: owns a reference to its stream and socket
/// until ``deinit`` closes and drops them.
private final class RefusedConnection {
  /// How long the client gets to read the answer before the socket closes. Closing with unread
  /// body bytes resets the connection, which can destroy an answer not yet read.
  static let lingerMilliseconds: guint = 1000

  private let stream: OpaquePointer
  private let socket: OpaquePointer

  private init(stream: OpaquePointer, socket: OpaquePointer) {
    self.stream = stream
    self.socket = socket
  }

  deinit {
    g_io_stream_close(UnsafeMutablePointer(stream), nil, nil)
    g_socket_close(UnsafeMutablePointer(socket), nil)
    g_object_unref(UnsafeMutableRawPointer(stream))
    g_object_unref(UnsafeMutableRawPointer(socket))
  }

  /// Writes the status, headers and body `message` has been given, with `Connection: close`,
  /// on a connection taken from libsoup; `message` may be freed by the time this returns.
  static func answerAndClose(_ message: OpaquePointer) {
    let answer = serialized(message)
    guard let socket = soup_server_message_get_socket(message) else { return }
    g_object_ref(UnsafeMutableRawPointer(socket))
    guard let stream = soup_server_message_steal_connection(message) else {
      g_object_unref(UnsafeMutableRawPointer(socket))
      return
    }
    let connection = RefusedConnection(
      stream: OpaquePointer(stream), socket: OpaquePointer(socket))
    answer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let sent = g_socket_send_with_blocking(
          socket, bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self),
          gsize(bytes.count - offset), 1, nil, nil)
        guard sent > 0 else { break }
        offset += Int(sent)
      }
    }
    g_socket_shutdown(socket, 0, 1, nil)
    let timer = g_timeout_source_new(lingerMilliseconds)!
    g_source_set_callback(
      timer, { _ in 0 }, Unmanaged.passRetained(connection).toOpaque(),
      { Unmanaged<RefusedConnection>.fromOpaque($0!).release() })
    g_source_attach(timer, g_main_context_get_thread_default())
    g_source_unref(timer)
  }

  /// The answer as HTTP/1.1 bytes: libsoup's status line and response headers, a body length of
  /// its own and `Connection: close`.
  private static func serialized(_ message: OpaquePointer) -> Data {
    let status = soup_server_message_get_status(message)
    let reason = soup_server_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
    var head = "HTTP/1.1 \(status) \(reason)\r\n"
    var iterator = SoupMessageHeadersIter()
    soup_message_headers_iter_init(&iterator, soup_server_message_get_response_headers(message))
    var name: UnsafePointer<CChar>? = nil
    var value: UnsafePointer<CChar>? = nil
    while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
      guard let name, let value else { continue }
      let field = String(cString: name)
      guard !["content-length", "connection", "transfer-encoding"].contains(field.lowercased())
      else { continue }
      head += "\(field): \(String(cString: value))\r\n"
    }
    var body = Data()
    if let bytes = soup_message_body_flatten(soup_server_message_get_response_body(message)) {
      var size: gsize = 0
      if let pointer = g_bytes_get_data(bytes, &size) {
        body = Data(bytes: pointer, count: Int(size))
      }
      g_bytes_unref(bytes)
    }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    let isHead = String(cString: soup_server_message_get_method(message)) == "HEAD"
    return Data(head.utf8) + (isHead ? Data() : body)
  }
}

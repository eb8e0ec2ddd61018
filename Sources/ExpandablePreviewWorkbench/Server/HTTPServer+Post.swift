internal import CSoup
import Foundation

extension HTTPServer {
  /// Answers a POST to `path`, maybe later: `handler` gets the body and a `respond` to call
  /// once, on the loop's thread. The gate has checked the token, `Host`, `Origin` and the
  /// body's declared size before this runs.
  typealias PostHandler = (_ body: Data, _ respond: @escaping (Response) -> Void) -> Void

  /// Routes POSTs to exactly `path` to `handler` (other methods get 405). The message is
  /// paused until `respond` (`soup_server_message_pause`) and held by a reference until then.
  func addPost(_ path: String, _ handler: @escaping PostHandler) {
    installGate(at: path)
    let data = CallbackBox<PostHandler>.retained(handler)
    withUnsafeServer { server in
      soup_server_add_handler(
        server, path,
        { _, message, requestPath, _, data in
          guard let message else { return }
          let method = String(cString: soup_server_message_get_method(message))
          guard method == "POST" else {
            HTTPServer.answer(message, Response.text(405, "method not allowed: use POST"))
            return
          }
          let body = soup_server_message_get_request_body(message).map { body in
            body.pointee.data.map { Data(bytes: $0, count: Int(body.pointee.length)) } ?? Data()
          }
          // The gate read Content-Length; the body as received is held to the same limit.
          guard let body, body.count <= AccessGate.maxBodyBytes else {
            HTTPServer.answer(
              message,
              Response.text(413, "the request body is over \(AccessGate.maxBodyBytes) bytes")
            )
            return
          }
          let paused = PausedMessage(message)
          CallbackBox<PostHandler>.value(data)(body) { response in paused.finish(response) }
        }, data, { CallbackBox<PostHandler>.release($0) })
    }
  }
}

/// A request whose answer comes later: paused and referenced until ``finish(_:)`` answers it
/// and lets go (once; later calls do nothing). Used on the loop's thread only.
private final class PausedMessage {
  private var message: OpaquePointer?

  init(_ message: OpaquePointer) {
    soup_server_message_pause(message)
    g_object_ref(UnsafeMutableRawPointer(message))
    self.message = message
  }

  func finish(_ response: HTTPServer.Response) {
    guard let message else { return }
    self.message = nil
    HTTPServer.answer(message, response)
    soup_server_message_unpause(message)
    g_object_unref(UnsafeMutableRawPointer(message))
  }

  deinit {
    // Answered, or the server stopped first (then libsoup has closed the connection).
    if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
  }
}

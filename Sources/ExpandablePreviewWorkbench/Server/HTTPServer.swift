internal import CSoup
import Foundation

/// Owns the `SoupServer` (unreffed in `deinit`, after disconnecting its sockets) and routes its
/// requests: every request through the ``AccessGate`` first (an early handler, which answers
/// before any other handler runs), then pages, files and the WebSocket. Made, used and freed on
/// the ``MainLoopThread``, like everything of libsoup's.
final class HTTPServer {
  /// One request's answer, decided by a route.
  struct Response {
    var status: Int
    var contentType: String
    var body: Data
    /// Response headers of its own, set over the gate's (a served file's stricter policy).
    var headers: [(name: String, value: String)] = []
  }

  typealias Route = (_ path: String) -> Response?
  typealias SocketOpened = (_ connection: OpaquePointer) -> Void

  private let server: UnsafeMutablePointer<SoupServer>
  private(set) var gate: AccessGate

  /// Makes the server and listens: on loopback (`soup_server_listen_local`, IPv4 and IPv6) when
  /// `host` is nil, else on `host` alone. Port 0 picks a free port.
  init(host: String?, port: Int, token: String) throws(WorkbenchError) {
    server = csoup_server_new()
    // No permessage-deflate (libsoup offers it by default): the answers are mostly PNG bytes,
    // deflated already; zlib would spend the loop thread's CPU for little (with base64 it
    // saved a quarter of the bytes for more CPU than rendering took; Performance.md).
    soup_server_remove_websocket_extension(server, soup_websocket_extension_deflate_get_type())
    gate = AccessGate(token: token, port: port, hosts: [])
    refuseBeforeReadingBodies()
    var error: UnsafeMutablePointer<GError>? = nil
    let listening: Bool
    if let host {
      guard let address = g_inet_socket_address_new_from_string(host, guint(port)) else {
        throw WorkbenchError("'\(host)' is not an IP address (--host takes one, not a name)")
      }
      // Every request's Host must be the address listened on (DNS rebinding), which a
      // wildcard does not name: it would answer nothing.
      if g_inet_address_get_is_any(
        g_inet_socket_address_get_address(UnsafeMutablePointer(OpaquePointer(address)))) != 0
      {
        g_object_unref(address)
        // `server` is not unreffed here: every stored property is set, so `deinit` runs and frees it.
        throw WorkbenchError(
          "--host \(host) is every address, and the workbench answers only requests made to "
            + "the address it listens on: give one address of this machine, or leave --host out "
            + "for loopback")
      }
      listening = soup_server_listen(server, address, SoupServerListenOptions(0), &error) != 0
      g_object_unref(address)
    } else {
      listening =
        soup_server_listen_local(server, guint(port), SoupServerListenOptions(0), &error) != 0
    }
    if !listening {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      if let error { g_error_free(error) }
      throw WorkbenchError("cannot listen on port \(port): \(message)")
    }
    let boundPort = Self.firstPort(of: server)
    let hosts = host.map { [$0] } ?? ["127.0.0.1", "localhost", "::1"]
    gate = AccessGate(token: token, port: boundPort, hosts: hosts)
  }

  deinit {
    soup_server_disconnect(server)
    g_object_unref(server)
  }

  /// Lends the libsoup server to `body` (the extensions in other files add handlers through it).
  func withUnsafeServer<R>(_ body: (UnsafeMutablePointer<SoupServer>) -> R) -> R {
    withExtendedLifetime(self) { body(server) }
  }

  /// The port the server listens on.
  var port: Int { Self.firstPort(of: server) }

  /// Where the gate reports what it refused.
  var log: (String) -> Void = { _ in }

  /// Puts the gate in front of every request below `path` (`soup_server_add_early_handler`:
  /// setting a status there skips every later handler, the WebSocket's included). libsoup
  /// keeps one handler record per path, early and late together, and a request goes to the
  /// record of its longest matching path: so every path that gets a handler gets the gate too.
  func installGate(at path: String) {
    let data = CallbackBox<(AccessGate, (String) -> Void)>.retained((gate, log))
    soup_server_add_early_handler(
      server, path,
      { _, message, path, _, data in
        let (gate, log) = CallbackBox<(AccessGate, (String) -> Void)>.value(data)
        guard let message else { return }
        HTTPServer.apply(gate, to: message, path: path.map { String(cString: $0) } ?? "", log: log)
      }, data, { CallbackBox<(AccessGate, (String) -> Void)>.release($0) })
  }

  /// Answers GET and HEAD below `prefix` with `route` (404 when it returns nil).
  func addRoute(_ prefix: String, _ route: @escaping Route) {
    installGate(at: prefix)
    let data = CallbackBox<Route>.retained(route)
    soup_server_add_handler(
      server, prefix,
      { _, message, path, _, data in
        guard let message else { return }
        let route = CallbackBox<Route>.value(data)
        let method = String(cString: soup_server_message_get_method(message))
        guard method == "GET" || method == "HEAD" else {
          HTTPServer.answer(message, Response.text(405, "method not allowed"))
          return
        }
        let response = route(path.map { String(cString: $0) } ?? "/")
        HTTPServer.answer(message, response ?? Response.text(404, "not found"))
      }, data, { CallbackBox<Route>.release($0) })
  }

  /// Accepts WebSockets at `path` (`soup_server_add_websocket_handler`; the gate has checked
  /// the Origin). `opened` gets the connection, which it must ref to keep.
  func addWebSocket(_ path: String, _ opened: @escaping SocketOpened) {
    installGate(at: path)
    let data = CallbackBox<SocketOpened>.retained(opened)
    soup_server_add_websocket_handler(
      server, path, nil, nil,
      { _, _, _, connection, data in
        guard let connection else { return }
        CallbackBox<SocketOpened>.value(data)(connection)
      }, data, { CallbackBox<SocketOpened>.release($0) })
  }

  private static func apply(
    _ gate: AccessGate, to message: OpaquePointer, path: String, log: (String) -> Void
  ) {
    let headers = soup_server_message_get_request_headers(message)
    func header(_ name: String) -> String? {
      soup_message_headers_get_one(headers, name).map { String(cString: $0) }
    }
    let uri = soup_server_message_get_uri(message)
    let query = uri.flatMap { g_uri_get_query($0) }.map { String(cString: $0) }
    let length = soup_message_headers_get_content_length(headers)
    let request = AccessGate.Request(
      method: String(cString: soup_server_message_get_method(message)),
      queryToken: query.flatMap(Self.token(inQuery:)),
      host: header("Host"), origin: header("Origin"),
      contentLength: header("Content-Length") == nil ? nil : Int(length),
      isWebSocket: soup_message_headers_header_contains(headers, "Upgrade", "websocket") != 0)
    let responseHeaders = soup_server_message_get_response_headers(message)
    // The page's own rules: nothing from elsewhere, no framing, no referrer (the URL holds
    // the token), nothing cached.
    soup_message_headers_replace(
      responseHeaders, "Content-Security-Policy",
      "default-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; "
        + "base-uri 'none'; form-action 'none'")
    soup_message_headers_replace(responseHeaders, "X-Content-Type-Options", "nosniff")
    soup_message_headers_replace(responseHeaders, "Referrer-Policy", "no-referrer")
    soup_message_headers_replace(responseHeaders, "Cache-Control", "no-store")
    switch gate.decide(request) {
    case .allow: break
    case .deny(let status, let reason):
      log("refused \(request.method) \(path): \(reason)")
      answer(message, Response.text(status, reason))
    }
  }

  static func answer(_ message: OpaquePointer, _ response: Response) {
    let responseHeaders = soup_server_message_get_response_headers(message)
    for header in response.headers {
      soup_message_headers_replace(responseHeaders, header.name, header.value)
    }
    response.body.withUnsafeBytes { bytes in
      soup_server_message_set_response(
        message, response.contentType, SOUP_MEMORY_COPY,
        bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(bytes.count))
    }
    soup_server_message_set_status(message, guint(response.status), nil)
  }

  /// The `token` parameter of a query string.
  static func token(inQuery query: String) -> String? {
    for pair in query.split(separator: "&") where pair.hasPrefix("token=") {
      return String(pair.dropFirst("token=".count)).removingPercentEncoding
    }
    return nil
  }

  private static func firstPort(of server: UnsafeMutablePointer<SoupServer>) -> Int {
    guard let uris = soup_server_get_uris(server) else { return 0 }
    defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
    return Int(g_uri_get_port(OpaquePointer(uris.pointee.data)))
  }
}

extension HTTPServer.Response {
  static func text(_ status: Int, _ text: String) -> Self {
    .init(status: status, contentType: "text/plain; charset=utf-8", body: Data((text + "\n").utf8))
  }
}

/// Why the workbench cannot start or go on, for the command's error line.
struct WorkbenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

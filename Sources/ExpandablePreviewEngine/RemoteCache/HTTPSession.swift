internal import CSoup
import Dispatch
import ExpandablePreviewSupport
import Foundation

/// One HTTP exchange's answer: the status and, for a `GET`, the body (at most the bound asked
/// for).
struct HTTPAnswer: Sendable {
  var status: Int
  var body: Data
}

/// Why an HTTP exchange gave no answer.
enum HTTPFailure: Error, Sendable {
  /// No connection, a reset, a malformed answer: the server cannot be used (GLib's message).
  case transport(String)
  /// The body was longer than the bound the caller gave.
  case tooLarge
  /// The request was cancelled: its deadline passed, a signal arrived, or the cache was given
  /// up.
  case cancelled(CancelReason)
}

/// A pool of libsoup 3 client sessions, each lent to one thread at a time.
///
/// One `SoupSession` shared by several threads crashes GLib 2.74 (Debian 12): the session keeps
/// one `GNetworkAddress` per host, and two threads connecting at once enumerate it together
/// (`g_network_address_parse_sockaddr: assertion failed: cached_sockaddrs == NULL`). So each
/// session here has one connection and serves one request at a time; `maxConnections`
/// sessions bound the connections, and a request waits for a free one.
///
/// Every request carries a `GCancellable` that ``RequestWatch`` cancels at its deadline, on
/// SIGINT or SIGTERM, or when the cache is given up, so no thread stays blocked in libsoup or
/// GIO past any of these.
final class HTTPSession: @unchecked Sendable {
  /// Owns every session (`csoup_client_session_new`, released with `g_object_unref` in
  /// `deinit`); `free` holds the indices of those not lent out.
  private let sessions: [OpaquePointer]
  private let free: Locked<[Int]>
  private let available: DispatchSemaphore
  let watch = RequestWatch()

  /// - Parameters:
  ///   - maxConnections: the most connections open at once; more requests wait.
  ///   - timeoutSeconds: how long a connection or a read may stall (each request also has a
  ///     total deadline, given to ``send(_:_:headers:body:maxBody:deadline:)``).
  init(maxConnections: Int, timeoutSeconds: Int) {
    let count = max(1, maxConnections)
    sessions = (0..<count).map { _ in
      OpaquePointer(csoup_client_session_new(1, guint(max(1, timeoutSeconds))))
    }
    free = Locked(Array(sessions.indices))
    available = DispatchSemaphore(value: count)
  }

  deinit { for session in sessions { g_object_unref(UnsafeMutableRawPointer(session)) } }

  /// Lends one session to `body` alone, waiting for one to be free until `deadline`; nil when
  /// none became free in time.
  private func withSession<T>(until deadline: DispatchTime, _ body: (OpaquePointer) -> T) -> T? {
    guard available.wait(timeout: deadline) == .success else { return nil }
    let index = free.withLock { $0.removeLast() }
    defer {
      free.withLock { $0.append(index) }
      available.signal()
    }
    return body(sessions[index])
  }

  /// Sends one request and reads the answer's body up to `maxBody` bytes
  /// (`soup_session_send`, then `g_input_stream_read_all` in slices), all of it before
  /// `deadline`. Redirects are not followed: a credential must never be sent to another host.
  /// The body is read as sent: no `Accept-Encoding` is asked (the session has no content
  /// decoder), so a compressed answer cannot grow past the bound.
  ///
  /// With `consume`, a 200 answer's body is not kept: each piece read goes to `consume` as it
  /// arrives (never past `maxBody` in all), and reading stops when it answers false; the
  /// answer's `body` is then empty. Another status's body is not read. The time spent in
  /// `consume` moves `deadline` on: it bounds the wait for the server.
  func send(
    _ method: String, _ url: String, headers: [(String, String)], body: Data? = nil,
    maxBody: Int, deadline: DispatchTime,
    consume: ((UnsafeRawBufferPointer) -> Bool)? = nil
  ) -> Result<HTTPAnswer, HTTPFailure> {
    guard let message = soup_message_new(method, url) else {
      return .failure(.transport("not a valid URL"))
    }
    defer { g_object_unref(UnsafeMutableRawPointer(message)) }
    soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
    let requestHeaders = soup_message_get_request_headers(message)
    for (name, value) in headers { soup_message_headers_append(requestHeaders, name, value) }
    if let body {
      let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
      soup_message_set_request_body_from_bytes(message, "application/octet-stream", bytes)
      g_bytes_unref(bytes)
    }
    guard let cancellation = watch.start(deadline: deadline) else {
      return .failure(.cancelled(Interruption.received != nil ? .interrupted : .stopped))
    }
    defer { watch.finish(cancellation) }
    let result = withSession(until: deadline) { session in
      cancellation.withUnsafeCancellable { cancellable in
        var error: UnsafeMutablePointer<GError>? = nil
        guard
          let stream = soup_session_send(
            UnsafeMutablePointer(session), message, cancellable, &error)
        else { return Result<HTTPAnswer, HTTPFailure>.failure(.transport(Self.take(error))) }
        defer {
          g_input_stream_close(stream, nil, nil)
          g_object_unref(stream)
        }
        let status = Int(soup_message_get_status(message).rawValue)
        if let consume {
          guard status == 200 else { return .success(HTTPAnswer(status: status, body: Data())) }
          // The time `consume` takes (writing files) is the tool's, not the server's.
          return Self.readAll(stream, maxBytes: maxBody, cancellable: cancellable) { piece in
            let start = DispatchTime.now().uptimeNanoseconds
            defer {
              cancellation.extend(byNanoseconds: DispatchTime.now().uptimeNanoseconds - start)
            }
            return consume(piece)
          }
          .map { HTTPAnswer(status: status, body: Data()) }
        }
        var data = Data()
        let read = Self.readAll(stream, maxBytes: maxBody, cancellable: cancellable) {
          data.append(contentsOf: $0)
          return true
        }
        return read.map { HTTPAnswer(status: status, body: data) }
      }
    }
    // A cancelled request fails with GIO's "Operation was cancelled": say why instead.
    if let reason = cancellation.reason, case .failure(.transport) = result {
      return .failure(.cancelled(reason))
    }
    return result ?? .failure(.cancelled(.deadline))
  }

  /// Reads `stream` to its end, each piece given to `consume`, failing once more than
  /// `maxBytes` came (the piece past the bound is not given); stops early when `consume`
  /// answers false.
  private static func readAll(
    _ stream: UnsafeMutablePointer<GInputStream>, maxBytes: Int,
    cancellable: UnsafeMutablePointer<GCancellable>,
    _ consume: (UnsafeRawBufferPointer) -> Bool
  ) -> Result<Void, HTTPFailure> {
    // Never more than one byte past the bound in a read.
    let slice = UnsafeMutableRawBufferPointer.allocate(
      byteCount: min(64 * 1024, maxBytes + 1), alignment: 16)
    defer { slice.deallocate() }
    var total = 0
    while true {
      var count: gsize = 0
      var error: UnsafeMutablePointer<GError>? = nil
      let ok = g_input_stream_read_all(
        stream, slice.baseAddress, gsize(slice.count), &count, cancellable, &error)
      guard ok != 0 else { return .failure(.transport(take(error))) }
      total += Int(count)
      if total > maxBytes { return .failure(.tooLarge) }
      guard consume(UnsafeRawBufferPointer(rebasing: slice[0..<Int(count)])) else {
        return .success(())
      }
      if Int(count) < slice.count { return .success(()) }
    }
  }

  /// A GError's message, the error freed (`g_error_free`).
  private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "failed" }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? "failed"
  }
}

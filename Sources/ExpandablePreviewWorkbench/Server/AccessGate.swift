import Foundation

/// Decides whether one request may reach the workbench, before any handler runs: the pure rules
/// of the security model (Documentation/Workbench.md), tested without a server.
///
/// - The printed URL's random token is required on every request, in the query (`?token=`):
///   the pages add it to every address they ask for. Never in a cookie: browsers send a
///   cookie to every port of the host, so another server on this machine would receive it.
/// - `Host` must name the address the server listens on (a DNS-rebinding page has another).
/// - A POST and a WebSocket handshake need an `Origin` of that address too (cross-site forms
///   and sockets carry theirs; a browser always sends one there).
/// - Request bodies are limited; methods other than GET, HEAD and POST are refused.
struct AccessGate: Sendable {
  /// The request, as the gate sees it: header values as sent, `nil` when absent.
  struct Request {
    var method: String
    var queryToken: String?
    var host: String?
    var origin: String?
    var contentLength: Int?
    var isWebSocket: Bool
  }

  enum Decision: Equatable {
    case allow
    case deny(status: Int, reason: String)
  }

  /// The largest request body accepted (a POST's JSON).
  static let maxBodyBytes = 1 << 20

  let token: String
  /// `host:port` values a request's `Host` may have, and (with `http://`) its `Origin`.
  let allowedHosts: Set<String>

  init(token: String, port: Int, hosts: [String]) {
    self.token = token
    allowedHosts = Set(
      hosts.map { host in
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(bracketed):\(port)".lowercased()
      })
  }

  func decide(_ request: Request) -> Decision {
    guard ["GET", "HEAD", "POST"].contains(request.method) else {
      return .deny(status: 405, reason: "method \(request.method) is not allowed")
    }
    guard let host = request.host?.lowercased(), allowedHosts.contains(host) else {
      return .deny(status: 403, reason: "the Host header is not this server's address")
    }
    if request.method == "POST" || request.isWebSocket {
      guard let origin = request.origin?.lowercased(), origin.hasPrefix("http://"),
        allowedHosts.contains(String(origin.dropFirst("http://".count)))
      else {
        return .deny(status: 403, reason: "the Origin is not this server's page")
      }
    }
    guard request.queryToken.map(matches) ?? false else {
      return .deny(status: 403, reason: "the access token is missing or wrong")
    }
    if request.method == "POST", request.contentLength == nil {
      return .deny(status: 411, reason: "a POST needs a Content-Length")
    }
    // Any method: the declared size is refused before the body is read (and the bytes that
    // arrive are counted against the same limit, RefusalBeforeBody.swift).
    if let length = request.contentLength, length > Self.maxBodyBytes {
      return .deny(status: 413, reason: "the request body is over \(Self.maxBodyBytes) bytes")
    }
    return .allow
  }

  /// Compares in time independent of where the strings differ, so the token cannot be guessed
  /// one character at a time from response times.
  private func matches(_ candidate: String) -> Bool {
    let a = Array(candidate.utf8)
    let b = Array(token.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  /// A new random token: 32 bytes from the system's generator, as hex.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return String(byte, radix: 16).count == 1
        ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }.joined()
  }
}

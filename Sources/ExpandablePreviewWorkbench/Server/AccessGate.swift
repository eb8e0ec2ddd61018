import Foundation

/// Decides whether one request may reach the workbench, before any handler runs: the pure rules
/// of the security model (Documentation/Workbench.md), tested without a server.
///
/// - The printed URL's random token is required on every request, in the query (`?token=`) or,
///   after the first page, in the same-site cookie that page set.
/// - `Host` must name the address the server listens on (a DNS-rebinding page has another).
/// - A POST and a WebSocket handshake need an `Origin` of that address too (cross-site forms
///   and sockets carry theirs; a browser always sends one there).
/// - Request bodies are limited; methods other than GET, HEAD and POST are refused.
struct AccessGate: Sendable {
  /// The request, as the gate sees it: header values as sent, `nil` when absent.
  struct Request {
    var method: String
    var queryToken: String?
    var cookie: String?
    var host: String?
    var origin: String?
    var contentLength: Int?
    var isWebSocket: Bool
  }

  enum Decision: Equatable {
    /// Let it through; `setCookie` when the token came in the query and the cookie should
    /// carry it from now on.
    case allow(setCookie: Bool)
    case deny(status: Int, reason: String)
  }

  /// The cookie that carries the token.
  static let cookieName = "expandable_preview_token"
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

  /// The `Set-Cookie` value that stores the token: never sent cross-site, never read by script.
  var cookieHeader: String {
    "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
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
    let cookieToken = request.cookie.flatMap(Self.token(inCookie:))
    let cookieMatches = cookieToken.map(matches) ?? false
    let queryMatches = request.queryToken.map(matches) ?? false
    guard cookieMatches || queryMatches else {
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
    return .allow(setCookie: !cookieMatches)
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

  /// The value of the token cookie in a `Cookie` header (`a=1; name=value`).
  static func token(inCookie header: String) -> String? {
    for part in header.split(separator: ";") {
      let pair = part.trimmingCharacters(in: .whitespaces)
      if pair.hasPrefix(cookieName + "=") { return String(pair.dropFirst(cookieName.count + 1)) }
    }
    return nil
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

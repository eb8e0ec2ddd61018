import Testing

@testable import ExpandablePreviewWorkbench

/// The gate's rules, request by request: each refusal is shown to turn into an allow when only
/// the one thing it checks is made right.
@Suite struct AccessGateTests {
  let token = String(repeating: "ab", count: 32)
  var gate: AccessGate {
    AccessGate(token: token, port: 8123, hosts: ["127.0.0.1", "localhost", "::1"])
  }

  func request(
    method: String = "GET", query: String? = nil, cookie: String? = nil,
    host: String? = "127.0.0.1:8123", origin: String? = nil, length: Int? = nil,
    webSocket: Bool = false
  ) -> AccessGate.Request {
    AccessGate.Request(
      method: method, queryToken: query, cookie: cookie, host: host, origin: origin,
      contentLength: length, isWebSocket: webSocket)
  }

  @Test func theTokenInTheQueryLetsInAndSetsTheCookie() {
    #expect(gate.decide(request(query: token)) == .allow(setCookie: true))
    #expect(gate.cookieHeader.contains("SameSite=Strict"))
    #expect(gate.cookieHeader.contains("HttpOnly"))
  }

  @Test func theCookieAloneLetsInWithoutSettingItAgain() {
    let cookie = "other=1; \(AccessGate.cookieName)=\(token)"
    #expect(gate.decide(request(cookie: cookie)) == .allow(setCookie: false))
  }

  @Test func aMissingOrWrongTokenIsForbidden() {
    for decision in [
      gate.decide(request()),
      gate.decide(request(query: String(repeating: "0", count: 64))),
      gate.decide(request(query: String(token.dropLast()))),
      gate.decide(request(cookie: "\(AccessGate.cookieName)=\(token.uppercased())")),
    ] {
      guard case .deny(403, _) = decision else {
        Issue.record("\(decision)")
        continue
      }
    }
  }

  @Test func aForeignOrMissingHostIsForbidden() {
    #expect(
      gate.decide(request(query: token, host: "evil.example:8123")) != .allow(setCookie: true))
    #expect(gate.decide(request(query: token, host: "127.0.0.1:9999")) != .allow(setCookie: true))
    #expect(gate.decide(request(query: token, host: nil)) != .allow(setCookie: true))
    #expect(gate.decide(request(query: token, host: "[::1]:8123")) == .allow(setCookie: true))
    #expect(gate.decide(request(query: token, host: "LOCALHOST:8123")) == .allow(setCookie: true))
  }

  @Test func aWebSocketNeedsThePagesOrigin() {
    let cookie = "\(AccessGate.cookieName)=\(token)"
    #expect(gate.decide(request(cookie: cookie, webSocket: true)) != .allow(setCookie: false))
    #expect(
      gate.decide(request(cookie: cookie, origin: "http://evil.example", webSocket: true))
        != .allow(setCookie: false))
    #expect(
      gate.decide(request(cookie: cookie, origin: "https://127.0.0.1:8123", webSocket: true))
        != .allow(setCookie: false))
    #expect(
      gate.decide(request(cookie: cookie, origin: "http://127.0.0.1:8123", webSocket: true))
        == .allow(setCookie: false))
  }

  @Test func aPostNeedsTheOriginAndABoundedBody() {
    let cookie = "\(AccessGate.cookieName)=\(token)"
    let origin = "http://localhost:8123"
    #expect(
      gate.decide(request(method: "POST", cookie: cookie, origin: nil, length: 2))
        != .allow(setCookie: false))
    #expect(
      gate.decide(request(method: "POST", cookie: cookie, origin: origin, length: nil))
        == .deny(status: 411, reason: "a POST needs a Content-Length"))
    guard
      case .deny(413, _) = gate.decide(
        request(method: "POST", cookie: cookie, origin: origin, length: AccessGate.maxBodyBytes + 1)
      )
    else {
      Issue.record("an oversized body was let in")
      return
    }
    #expect(
      gate.decide(request(method: "POST", cookie: cookie, origin: origin, length: 2))
        == .allow(setCookie: false))
  }

  @Test func aDeclaredBodyOverTheLimitIsRefusedOnEveryMethod() {
    let cookie = "\(AccessGate.cookieName)=\(token)"
    for method in ["GET", "HEAD"] {
      guard
        case .deny(413, _) = gate.decide(
          request(method: method, cookie: cookie, length: AccessGate.maxBodyBytes + 1))
      else {
        Issue.record("a \(method) with an oversized body was let in")
        continue
      }
      #expect(
        gate.decide(request(method: method, cookie: cookie, length: AccessGate.maxBodyBytes))
          == .allow(setCookie: false))
    }
  }

  @Test func otherMethodsAreRefused() {
    guard case .deny(405, _) = gate.decide(request(method: "PUT", query: token)) else {
      Issue.record("PUT was let in")
      return
    }
  }

  @Test func tokensAreLongRandomAndDiffer() {
    let first = AccessGate.newToken()
    let second = AccessGate.newToken()
    #expect(first.count == 64)
    #expect(first.allSatisfy { $0.isHexDigit })
    #expect(first != second)
  }
}

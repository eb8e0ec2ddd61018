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
    method: String = "GET", query: String? = nil,
    host: String? = "127.0.0.1:8123", origin: String? = nil, length: Int? = nil,
    webSocket: Bool = false
  ) -> AccessGate.Request {
    AccessGate.Request(
      method: method, queryToken: query, host: host, origin: origin,
      contentLength: length, isWebSocket: webSocket)
  }

  @Test func theTokenInTheQueryLetsIn() {
    #expect(gate.decide(request(query: token)) == .allow)
  }

  @Test func aMissingOrWrongTokenIsForbidden() {
    for decision in [
      gate.decide(request()),
      gate.decide(request(query: String(repeating: "0", count: 64))),
      gate.decide(request(query: String(token.dropLast()))),
      gate.decide(request(query: token.uppercased())),
    ] {
      guard case .deny(403, _) = decision else {
        Issue.record("\(decision)")
        continue
      }
    }
  }

  @Test func aForeignOrMissingHostIsForbidden() {
    #expect(
      gate.decide(request(query: token, host: "evil.example:8123")) != .allow)
    #expect(gate.decide(request(query: token, host: "127.0.0.1:9999")) != .allow)
    #expect(gate.decide(request(query: token, host: nil)) != .allow)
    #expect(gate.decide(request(query: token, host: "[::1]:8123")) == .allow)
    #expect(gate.decide(request(query: token, host: "LOCALHOST:8123")) == .allow)
  }

  @Test func aWebSocketNeedsThePagesOrigin() {
    #expect(gate.decide(request(query: token, webSocket: true)) != .allow)
    #expect(
      gate.decide(request(query: token, origin: "http://evil.example", webSocket: true))
        != .allow)
    #expect(
      gate.decide(request(query: token, origin: "https://127.0.0.1:8123", webSocket: true))
        != .allow)
    #expect(
      gate.decide(request(query: token, origin: "http://127.0.0.1:8123", webSocket: true))
        == .allow)
  }

  @Test func aPostNeedsTheOriginAndABoundedBody() {
    let origin = "http://localhost:8123"
    #expect(
      gate.decide(request(method: "POST", query: token, origin: nil, length: 2))
        != .allow)
    #expect(
      gate.decide(request(method: "POST", query: token, origin: origin, length: nil))
        == .deny(status: 411, reason: "a POST needs a Content-Length"))
    guard
      case .deny(413, _) = gate.decide(
        request(method: "POST", query: token, origin: origin, length: AccessGate.maxBodyBytes + 1)
      )
    else {
      Issue.record("an oversized body was let in")
      return
    }
    #expect(
      gate.decide(request(method: "POST", query: token, origin: origin, length: 2))
        == .allow)
  }

  @Test func aDeclaredBodyOverTheLimitIsRefusedOnEveryMethod() {
    for method in ["GET", "HEAD"] {
      guard
        case .deny(413, _) = gate.decide(
          request(method: method, query: token, length: AccessGate.maxBodyBytes + 1))
      else {
        Issue.record("a \(method) with an oversized body was let in")
        continue
      }
      #expect(
        gate.decide(request(method: method, query: token, length: AccessGate.maxBodyBytes))
          == .allow)
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

import Foundation

/// Where the shared cache is and how to reach it: `--cache URL` (or `EXPANDABLE_PREVIEW_CACHE`),
/// `--cache-read-only`, and the credential from the environment. The credential is kept apart
/// from the URL shown in messages and is never part of a description.
package struct RemoteCacheSettings: Sendable, CustomStringConvertible {
  /// The variable read when `--cache` is not given.
  package static let urlVariable = "EXPANDABLE_PREVIEW_CACHE"
  /// The variable holding a bearer token.
  package static let tokenVariable = "EXPANDABLE_PREVIEW_CACHE_TOKEN"

  /// `http(s)://host[:port][/path]` without user information or a trailing slash.
  let base: String
  /// The `Authorization` header's value, or nil.
  let authorization: String?
  /// `--cache-read-only`: ask, never upload.
  package var readOnly: Bool
  /// How long a connection or a read may stall.
  var timeoutSeconds = 10
  /// The most connections open at once.
  var maxConnections = 8

  /// The URL as messages show it: never the user information or the token.
  package var description: String { base }

  /// Reads `text` as the cache's URL: `http` or `https`, a host, no query or fragment.
  /// Credentials come from the URL's user information (basic) or from
  /// ``tokenVariable`` in `environment` (bearer; it wins).
  /// - Throws: a message naming what is wrong, with the URL shown without its credentials.
  package init(url text: String, readOnly: Bool, environment: [String: String]) throws(UsageError) {
    guard var parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty
    else {
      throw UsageError(
        "--cache: expected an http:// or https:// URL such as http://cache.example:8080/ep")
    }
    guard parts.query == nil, parts.fragment == nil else {
      throw UsageError("--cache: the URL may not have a query or a fragment")
    }
    let user = parts.user.map { $0.removingPercentEncoding ?? $0 }
    let password = parts.password.map { $0.removingPercentEncoding ?? $0 }
    parts.user = nil
    parts.password = nil
    var base = parts.string ?? text
    while base.hasSuffix("/") { base.removeLast() }
    self.base = base
    if let token = environment[Self.tokenVariable], !token.isEmpty {
      authorization = "Bearer " + token
    } else if let user {
      authorization = "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
    } else {
      authorization = nil
    }
    self.readOnly = readOnly
  }

  /// The settings `--cache`/`--cache-read-only` and the environment give: nil when neither
  /// `--cache` nor ``urlVariable`` names a cache (an empty variable names none).
  package static func resolve(
    flag: String?, readOnly: Bool, environment: [String: String]
  ) throws(UsageError) -> RemoteCacheSettings? {
    let url = flag ?? environment[urlVariable].flatMap { $0.isEmpty ? nil : $0 }
    guard let url else {
      if readOnly { throw UsageError("--cache-read-only needs --cache URL or \(urlVariable)") }
      return nil
    }
    return try RemoteCacheSettings(url: url, readOnly: readOnly, environment: environment)
  }
}

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
  /// How long one request may take in all: connecting, the headers and the body.
  var timeoutSeconds = 10
  /// How long a run may wait on the cache in all, summed over its requests.
  var timeBudgetSeconds = 120
  /// How many bytes a run may read from the cache in all (2 GiB).
  var byteBudget = 2 << 30
  /// The keys entries are signed with and checked against.
  var signing = CacheSigning()
  /// What the settings' reading found worth a warning (never a secret): the run gives them.
  var notes: [String] = []
  /// The most connections open at once.
  var maxConnections = 8

  /// The URL as messages show it: never the user information or the token.
  package var description: String { base }

  /// Reads `text` as the cache's URL: `http` or `https`, a host, no query or fragment.
  /// Credentials come from the URL's user information (basic) or from
  /// ``tokenVariable`` in `environment` (bearer; it wins).
  /// - Parameter setting: how the messages name the setting (the golden store's flag or
  ///   variable reuses these rules).
  /// - Throws: a message naming what is wrong, with the URL shown without its credentials.
  package init(
    url text: String, readOnly: Bool, environment: [String: String], fromFlag: Bool = false,
    setting: String = "--cache"
  ) throws(EngineError) {
    guard var parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty
    else {
      throw EngineError(
        "\(setting): expected an http:// or https:// URL such as http://cache.example:8080/ep")
    }
    guard parts.query == nil, parts.fragment == nil else {
      throw EngineError("\(setting): the URL may not have a query or a fragment")
    }
    let user = parts.user.map { $0.removingPercentEncoding ?? $0 }
    let password = parts.password.map { $0.removingPercentEncoding ?? $0 }
    parts.user = nil
    parts.password = nil
    var base = parts.string ?? text
    while base.hasSuffix("/") { base.removeLast() }
    self.base = base
    if fromFlag, password.map({ !$0.isEmpty }) == true {
      notes.append(
        "--cache: the URL holds a password, which every user of this machine can read in the "
          + "process list; give a token in \(Self.tokenVariable) instead")
    }
    let token = Self.token(environment[Self.tokenVariable], notes: &notes)
    if let token {
      authorization = "Bearer " + token
    } else if let user {
      authorization = "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
    } else {
      authorization = nil
    }
    self.readOnly = readOnly
  }

  /// The token in `value` (``tokenVariable``'s) without the spaces and line ends around it
  /// (`echo` and secret files leave a newline), with a note naming the variable, never the
  /// value; nil for none, or when it holds a character a header cannot carry (noted).
  static func token(_ value: String?, notes: inout [String]) -> String? {
    guard let value, !value.isEmpty else { return nil }
    let token = value.trimmingCharacters(in: .whitespacesAndNewlines)
    guard token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }), !token.isEmpty
    else {
      notes.append(
        "\(tokenVariable) holds a character an HTTP header cannot carry (only visible ASCII "
          + "is allowed); no credentials are sent")
      return nil
    }
    if token != value {
      notes.append(
        "\(tokenVariable) ends or starts with spaces or a line end; they were removed")
    }
    return token
  }

  /// The settings `--cache`/`--cache-read-only` and the environment give: nil when neither
  /// `--cache` nor ``urlVariable`` names a cache (an empty variable names none).
  package static func resolve(
    flag: String?, readOnly: Bool, trustedKeys: String? = nil, environment: [String: String]
  ) throws(EngineError) -> RemoteCacheSettings? {
    let url = flag ?? environment[urlVariable].flatMap { $0.isEmpty ? nil : $0 }
    guard let url else {
      if readOnly { throw EngineError("--cache-read-only needs --cache URL or \(urlVariable)") }
      return nil
    }
    var settings = try RemoteCacheSettings(
      url: url, readOnly: readOnly, environment: environment, fromFlag: flag != nil)
    settings.signing = try CacheSigning(trustedList: trustedKeys, environment: environment)
    return settings
  }
}

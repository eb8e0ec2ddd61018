import ExpandablePreviewSupport
import Foundation

/// A client of a cache speaking the Bazel remote-cache HTTP protocol: `BASE/ac/<sha256>` holds
/// small entries under a key, `BASE/cas/<sha256>` blobs under their own digest. 200 is a hit,
/// 404 a miss. A 5xx answer is tried again a bounded number of times with a growing pause.
///
/// The first failure that is not a miss (no connection, a timeout, a 5xx after the retries, an
/// unexpected status) marks the cache down for the rest of the run: it costs one timeout and
/// one warning, and every later call answers "miss" (or "not stored") at once. A refused
/// upload (say 403 for a read-only credential) stops uploads only.
package final class RemoteCache: @unchecked Sendable {
  /// Blobs and AC entries.
  enum Store: String {
    case ac, cas
  }

  /// What a `GET` found.
  enum Lookup {
    case hit(Data)
    case miss
    /// Larger than the bound asked for.
    case tooLarge
  }

  package let settings: RemoteCacheSettings
  private let session: HTTPSession
  private let state = Locked(State())
  /// Pauses before the second and third tries of a request answered with a 5xx.
  var retryPauses: [Double] = [0.1, 0.4]

  private struct State {
    var isDown = false
    var uploadsStopped = false
    var warnings: [String] = []
  }

  package init(_ settings: RemoteCacheSettings) {
    self.settings = settings
    session = HTTPSession(
      maxConnections: settings.maxConnections, timeoutSeconds: settings.timeoutSeconds)
  }

  /// The warnings of the run so far, in the order they were given, each once.
  package var warnings: [String] { state.withLock { $0.warnings } }

  /// Whether a failure stopped the run from asking.
  var isDown: Bool { state.withLock { $0.isDown } }

  /// Adds `message` to the run's warnings unless it is there already.
  func warn(_ message: String) {
    state.withLock { if !$0.warnings.contains(message) { $0.warnings.append(message) } }
  }

  /// `GET BASE/store/digest`, the body bounded by `maxBytes`.
  func get(_ store: Store, _ digest: String, maxBytes: Int) -> Lookup {
    guard !isDown else { return .miss }
    switch request("GET", store, digest, body: nil, maxBody: maxBytes) {
    case .success(let answer) where answer.status == 200: return .hit(answer.body)
    case .success(let answer) where answer.status == 404: return .miss
    case .success(let answer):
      markDown("GET \(store.rawValue)/\(digest) answered HTTP \(answer.status)")
      return .miss
    case .failure(.tooLarge): return .tooLarge
    case .failure(.transport(let reason)):
      markDown(reason)
      return .miss
    }
  }

  /// `PUT BASE/store/digest` unless the cache is read-only, down or refused an upload.
  func put(_ store: Store, _ digest: String, _ data: Data) {
    guard !settings.readOnly, !isDown, !state.withLock({ $0.uploadsStopped }) else { return }
    switch request("PUT", store, digest, body: data, maxBody: 1 << 16) {
    case .success(let answer) where (200..<300).contains(answer.status): return
    case .success(let answer) where answer.status >= 500:
      markDown("PUT \(store.rawValue)/\(digest) answered HTTP \(answer.status)")
    case .success(let answer):
      let first = state.withLock { state in
        defer { state.uploadsStopped = true }
        return !state.uploadsStopped
      }
      if first {
        // bazel-remote answers 400 to an ac/ entry that is not an ActionResult protobuf.
        let hint =
          store == .ac && answer.status == 400
          ? " (bazel-remote: start it with --disable_http_ac_validation)" : ""
        warn(
          "the cache \(settings) refused an upload (HTTP \(answer.status))\(hint); this run "
            + "uploads nothing more")
      }
    case .failure(.tooLarge): return
    case .failure(.transport(let reason)): markDown(reason)
    }
  }

  /// One request, tried again after a 5xx answer (each pause in ``retryPauses``).
  private func request(
    _ method: String, _ store: Store, _ digest: String, body: Data?, maxBody: Int
  ) -> Result<HTTPAnswer, HTTPFailure> {
    var headers: [(String, String)] = []
    if let authorization = settings.authorization {
      headers.append(("Authorization", authorization))
    }
    let url = "\(settings.base)/\(store.rawValue)/\(digest)"
    var result = session.send(method, url, headers: headers, body: body, maxBody: maxBody)
    for pause in retryPauses {
      guard case .success(let answer) = result, answer.status >= 500, !isDown else { break }
      Thread.sleep(forTimeInterval: pause)
      result = session.send(method, url, headers: headers, body: body, maxBody: maxBody)
    }
    return result
  }

  /// Stops the run from asking, with one warning for the run.
  private func markDown(_ reason: String) {
    let first = state.withLock { state in
      defer { state.isDown = true }
      return !state.isDown
    }
    guard first else { return }
    warn(
      "the cache \(settings) is not usable (\(reason)); this run renders without it")
  }
}

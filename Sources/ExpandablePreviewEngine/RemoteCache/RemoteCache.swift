import ExpandablePreviewSupport
import Foundation

/// A client of a cache speaking the Bazel remote-cache HTTP protocol: `BASE/ac/<sha256>` holds
/// small entries under a key, `BASE/cas/<sha256>` blobs under their own digest. 200 is a hit,
/// 404 a miss. A 5xx answer is tried again a bounded number of times with a growing pause.
///
/// Every request has a total deadline (``RemoteCacheSettings/timeoutSeconds`` for connecting,
/// the headers and the body together), and the run a budget of time spent waiting on the cache
/// (``RemoteCacheSettings/timeBudgetSeconds``, summed over its requests) and of bytes read
/// (``RemoteCacheSettings/byteBudget``). The first failure that is not a miss (no connection,
/// a deadline missed, a 5xx after the retries, an unexpected status, a budget spent) marks the
/// cache down for the rest of the run and cancels every request under way: it costs one
/// timeout and one warning, and every later call answers "miss" (or "not stored") at once.
/// SIGINT and SIGTERM cancel every request at once. A refused upload (say 403 for a read-only
/// credential) stops uploads only.
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
    /// Entries not used, by kind: the first one's warning and how many.
    var notUsed: [String: (first: String, count: Int)] = [:]
    /// Time spent in requests, summed over threads, in seconds.
    var secondsSpent = 0.0
    /// Bytes of answers read.
    var bytesRead = 0
    /// Entries found without a trusted signature (with trusted keys set).
    var unsigned = 0
  }

  package init(_ settings: RemoteCacheSettings) {
    self.settings = settings
    session = HTTPSession(
      maxConnections: settings.maxConnections, timeoutSeconds: settings.timeoutSeconds)
    for note in settings.notes { warn(note) }
  }

  /// The warnings of the run so far, in the order they were given, each once; entries that were
  /// not used are one warning per kind, the first named and the others counted.
  package var warnings: [String] {
    state.withLock { state in
      state.warnings
        + state.notUsed.keys.sorted().map { kind in
          let (first, count) = state.notUsed[kind]!
          return count == 1 ? first : "\(first) (and \(count - 1) more \(kind) not used)"
        }
        + (state.unsigned == 0
          ? []
          : [
            "\(state.unsigned) of the cache's entries were not used: not signed by a trusted "
              + "key; their work was done here"
          ])
    }
  }

  /// Whether a failure stopped the run from asking.
  var isDown: Bool { state.withLock { $0.isDown } }

  /// Adds `message` to the run's warnings unless it is there already.
  func warn(_ message: String) {
    state.withLock { if !$0.warnings.contains(message) { $0.warnings.append(message) } }
  }

  /// Records that an entry of `kind` ("job entries", "golden passes") was not used, with the
  /// warning `message` naming it: the run says the first and counts the others.
  func notUsed(_ kind: String, _ message: String) {
    state.withLock { state in
      let known = state.notUsed[kind]
      state.notUsed[kind] = (known?.first ?? message, (known?.count ?? 0) + 1)
    }
  }

  /// `GET BASE/store/digest`, the body bounded by `maxBytes` and by what is left of the
  /// run's byte budget.
  func get(_ store: Store, _ digest: String, maxBytes: Int) -> Lookup {
    guard let left = bytesLeft() else { return .miss }
    // An entry may carry a signature line after its bytes.
    let bound = store == .ac ? maxBytes + CacheSigning.maxTrailerBytes : maxBytes
    switch request("GET", store, digest, body: nil, maxBody: min(bound, left)) {
    case .success(let answer) where answer.status == 200:
      state.withLock { $0.bytesRead += answer.body.count }
      guard store == .ac else { return .hit(answer.body) }
      guard let body = settings.signing.verified(answer.body, at: "ac/\(digest)") else {
        state.withLock { $0.unsigned += 1 }
        return .miss
      }
      return body.count > maxBytes ? .tooLarge : .hit(body)
    case .success(let answer) where answer.status == 404: return .miss
    case .success(let answer):
      markDown("GET \(store.rawValue)/\(digest) answered HTTP \(answer.status)")
      return .miss
    case .failure(.tooLarge) where left < bound:
      markDown(budgetSpent: "bytes")
      return .miss
    case .failure(.tooLarge): return .tooLarge
    case .failure(let failure):
      fail(failure)
      return .miss
    }
  }

  /// What a streamed `GET` (``stream(_:maxBytes:_:)``) found.
  enum Streamed {
    /// A 200 answer, its body given to the consumer: how many bytes it was given.
    case read(Int)
    case miss
    /// Longer than the bound asked for (the bytes within it were given).
    case tooLarge
  }

  /// `GET BASE/cas/digest` with its body given to `consume` piece by piece as it arrives
  /// instead of held (a plan bundle's blob is a hundred megabytes), at most `maxBytes` and
  /// what is left of the run's byte budget; reading stops when `consume` answers false. The
  /// deadline, the budgets, the retries of a 5xx and the cache marked down are those of
  /// ``get(_:_:maxBytes:)``, except that the time `consume` takes counts against neither the
  /// request's deadline nor the run's time budget: they bound the wait for the server.
  func stream(_ digest: String, maxBytes: Int, _ consume: (UnsafeRawBufferPointer) -> Bool)
    -> Streamed
  {
    guard let left = bytesLeft() else { return .miss }
    var given = 0
    var local: UInt64 = 0
    let result = withoutActuallyEscaping(consume) { consume in
      request("GET", .cas, digest, body: nil, maxBody: min(maxBytes, left)) {
        given += $0.count
        let start = DispatchTime.now().uptimeNanoseconds
        defer { local += DispatchTime.now().uptimeNanoseconds - start }
        return consume($0)
      }
    }
    // The time budget counts waiting on the cache, not the files written meanwhile.
    state.withLock {
      $0.bytesRead += given
      $0.secondsSpent -= Double(local) / 1e9
    }
    switch result {
    case .success(let answer) where answer.status == 200: return .read(given)
    case .success(let answer) where answer.status == 404: return .miss
    case .success(let answer):
      markDown("GET cas/\(digest) answered HTTP \(answer.status)")
      return .miss
    case .failure(.tooLarge) where left < maxBytes:
      markDown(budgetSpent: "bytes")
      return .miss
    case .failure(.tooLarge): return .tooLarge
    case .failure(let failure):
      fail(failure)
      return .miss
    }
  }

  /// What is left of the run's byte budget; nil when the cache is down or the budget is spent
  /// (which marks it down).
  private func bytesLeft() -> Int? {
    guard !isDown else { return nil }
    let left = settings.byteBudget - state.withLock { $0.bytesRead }
    guard left > 0 else {
      markDown(budgetSpent: "bytes")
      return nil
    }
    return left
  }

  /// `PUT BASE/store/digest` unless the cache is read-only, down or refused an upload.
  func put(_ store: Store, _ digest: String, _ data: Data) {
    guard !settings.readOnly, !isDown, !state.withLock({ $0.uploadsStopped }) else { return }
    let data = store == .ac ? settings.signing.signed(data, at: "ac/\(digest)") : data
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
    case .failure(let failure): fail(failure)
    }
  }

  /// Marks the cache down for `failure` (silently when a signal or an earlier failure
  /// cancelled the request: the run is stopping, or was warned).
  private func fail(_ failure: HTTPFailure) {
    switch failure {
    case .transport(let reason): markDown(reason)
    case .cancelled(.deadline):
      let spent = state.withLock { $0.secondsSpent } >= Double(settings.timeBudgetSeconds)
      if spent {
        markDown(budgetSpent: "seconds")
      } else {
        markDown("no answer within \(settings.timeoutSeconds) s")
      }
    case .cancelled(.interrupted), .cancelled(.stopped): markDown(nil)
    case .tooLarge: break
    }
  }

  /// One request, tried again after a 5xx answer (each pause in ``retryPauses``).
  /// With `consume`, a 200 answer's body goes to it as it arrives (``HTTPSession``); only an
  /// answer whose body was not read is tried again.
  private func request(
    _ method: String, _ store: Store, _ digest: String, body: Data?, maxBody: Int,
    consume: ((UnsafeRawBufferPointer) -> Bool)? = nil
  ) -> Result<HTTPAnswer, HTTPFailure> {
    var headers: [(String, String)] = []
    if let authorization = settings.authorization {
      headers.append(("Authorization", authorization))
    }
    let url = "\(settings.base)/\(store.rawValue)/\(digest)"
    var result = timed {
      session.send(
        method, url, headers: headers, body: body, maxBody: maxBody, deadline: $0,
        consume: consume)
    }
    for pause in retryPauses {
      guard case .success(let answer) = result, answer.status >= 500, !isDown else { break }
      Thread.sleep(forTimeInterval: pause)
      result = timed {
        session.send(method, url, headers: headers, body: body, maxBody: maxBody, deadline: $0)
      }
    }
    return result
  }

  /// Runs `send` with a deadline of the request's timeout or what is left of the run's time
  /// budget, whichever comes first, and counts the time it took against the budget.
  private func timed(_ send: (DispatchTime) -> Result<HTTPAnswer, HTTPFailure>)
    -> Result<HTTPAnswer, HTTPFailure>
  {
    let left = Double(settings.timeBudgetSeconds) - state.withLock { $0.secondsSpent }
    guard left > 0 else { return .failure(.cancelled(.deadline)) }
    let start = DispatchTime.now()
    let seconds = min(Double(settings.timeoutSeconds), left)
    let result = send(start + .nanoseconds(Int(seconds * 1e9)))
    let took = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    state.withLock { $0.secondsSpent += took }
    return result
  }

  /// Stops the run from asking, cancels every request under way, and warns once for the run
  /// (not when `reason` is nil: a signal is stopping the run).
  private func markDown(_ reason: String?) {
    let first = state.withLock { state in
      defer { state.isDown = true }
      return !state.isDown
    }
    guard first else { return }
    session.watch.stopAll()
    guard let reason else { return }
    warn(
      "the cache \(settings) is not usable (\(reason)); this run renders without it")
  }

  /// Stops the run from asking once its budget of `unit` ("seconds" or "bytes") is spent.
  private func markDown(budgetSpent unit: String) {
    let budget =
      unit == "seconds"
      ? "\(settings.timeBudgetSeconds) s"
      : settings.byteBudget >= 1 << 20
        ? "\(settings.byteBudget >> 20) MiB" : "\(settings.byteBudget) bytes"
    markDown("the run's budget of \(budget) for the cache is spent")
  }
}

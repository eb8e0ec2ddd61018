import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// A golden store speaking the Bazel remote cache's blob protocol over HTTP (`GET`, `PUT` and
/// `HEAD` on `BASE/cas/<sha256>`), through the shared cache's client (``HTTPSession``). Unlike
/// the shared cache it never marks itself down nor stops quietly: each failure is the answer of
/// its own request, and a refused upload throws, so the lock line is not written.
final class HTTPGoldenBlobs: GoldenBlobStore, @unchecked Sendable {
  private let settings: RemoteCacheSettings
  private let session: HTTPSession

  init(_ settings: RemoteCacheSettings) {
    self.settings = settings
    session = HTTPSession(
      maxConnections: settings.maxConnections, timeoutSeconds: settings.timeoutSeconds)
  }

  var description: String { settings.description }

  private func send(_ method: String, _ sha256: String, body: Data? = nil, maxBody: Int)
    -> Result<HTTPAnswer, HTTPFailure>
  {
    var headers: [(String, String)] = []
    if let authorization = settings.authorization {
      headers.append(("Authorization", authorization))
    }
    // Each request has the shared cache's total deadline (connect, headers and body), so a
    // slow store fails the golden's comparison instead of holding the run.
    let deadline = DispatchTime.now() + .seconds(max(1, settings.timeoutSeconds))
    return session.send(
      method, "\(settings.base)/cas/\(sha256)", headers: headers, body: body, maxBody: maxBody,
      deadline: deadline)
  }

  /// Why a request gave no answer, in words.
  private func words(_ reason: CancelReason) -> String {
    switch reason {
    case .deadline: "no answer within \(settings.timeoutSeconds) s"
    case .interrupted: "interrupted"
    case .stopped: "stopped"
    }
  }

  func fetch(_ sha256: String, maxBytes: Int) -> GoldenBlobFetch {
    switch send("GET", sha256, maxBody: maxBytes) {
    case .success(let answer) where answer.status == 200: .bytes(answer.body)
    case .success(let answer) where answer.status == 404: .absent
    case .success(let answer): .unavailable("GET cas/\(sha256) answered HTTP \(answer.status)")
    case .failure(.tooLarge): .unavailable("GET cas/\(sha256) gave more than \(maxBytes) bytes")
    case .failure(.transport(let reason)): .unavailable(reason)
    case .failure(.cancelled(let reason)): .unavailable(words(reason))
    }
  }

  func upload(_ bytes: Data, as sha256: String) throws {
    let failure: String
    switch send("PUT", sha256, body: bytes, maxBody: 1 << 16) {
    case .success(let answer) where (200..<300).contains(answer.status): return
    case .success(let answer): failure = "answered HTTP \(answer.status)"
    case .failure(.tooLarge): failure = "answered with an over-long body"
    case .failure(.transport(let reason)): failure = reason
    case .failure(.cancelled(let reason)): failure = words(reason)
    }
    throw GoldenStoreError(
      path: "\(settings)/cas/\(sha256)", message: "the golden store refused the upload (\(failure))"
    )
  }

  func contains(_ sha256: String) -> Result<Bool, GoldenStoreError> {
    let path = "\(settings)/cas/\(sha256)"
    switch send("HEAD", sha256, maxBody: 1 << 16) {
    case .success(let answer) where answer.status == 200: return .success(true)
    case .success(let answer) where answer.status == 404: return .success(false)
    case .success(let answer):
      return .failure(GoldenStoreError(path: path, message: "HEAD answered HTTP \(answer.status)"))
    case .failure(.tooLarge):
      return .failure(GoldenStoreError(path: path, message: "HEAD answered with a body"))
    case .failure(.transport(let reason)):
      return .failure(GoldenStoreError(path: path, message: reason))
    case .failure(.cancelled(let reason)):
      return .failure(GoldenStoreError(path: path, message: words(reason)))
    }
  }
}

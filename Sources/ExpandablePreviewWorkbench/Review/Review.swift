import ExpandablePreviewEngine
import ExpandablePreviewSupport
import Foundation

/// The review page's server side. Every run, approve and undo goes through one serial queue
/// (off the main loop: they render), so an approve is judged against the list of the run
/// before it and two writes never overlap. After each, the state and the failures' images are
/// published for the page's GETs; a POST is answered on the loop's thread.
final class Review: @unchecked Sendable {
  private let manifest: String
  private let snapshots: String
  private let workers: Int
  private let loop: MainLoopThread
  private let queue = DispatchQueue(label: "workbench review")
  /// Used on `queue` only.
  private var session: ReviewSession
  /// The files the run read, as it read them; used on `queue` only.
  private var freshness = ReviewFreshness()
  private let environment: [String: String]
  /// Tells the page when one of them changes; made, used and freed on the loop's thread.
  private var watcher: FileWatcher?
  private let published = Locked((state: Data("{}".utf8), images: [Int: ReviewFailure]()))

  /// - Parameters:
  ///   - artifacts: the folder `verify --artifacts` writes to, where a rejection is kept for
  ///     its next run's report.
  ///   - environment: names the golden store a locked snapshots folder's bytes are in
  ///     (`EXPANDABLE_PREVIEW_GOLDEN_STORE`), as for `verify`.
  init(
    manifest: String, snapshots: String, artifacts: String, workers: Int, loop: MainLoopThread,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.environment = environment
    session = ReviewSession(artifacts: artifacts)
    self.manifest = manifest
    self.snapshots = snapshots
    self.workers = workers
    self.loop = loop
  }

  /// The page's state as JSON: counts, the failing images, what can be undone.
  var state: Data { published.withLock { $0.state } }

  /// One image of a listed failure: `expected`, `actual` or `difference`.
  func image(id: Int, kind: String) -> Data? {
    let failure = published.withLock { $0.images[id] }
    switch kind {
    case "expected": return failure?.expected
    case "actual": return failure?.actual
    case "difference": return failure?.difference
    default: return nil
    }
  }

  /// Runs verify over the whole manifest (read again) and lists what fails.
  func run(then respond: ((HTTPServer.Response) -> Void)? = nil) {
    let reply = respond.map { Reply($0, on: loop) }
    queue.async { [self] in
      session.running = true
      session.notice = nil
      publish()
      do {
        // The manifest is stamped before it is read, the goldens before they are checked.
        var freshness = ReviewFreshness()
        let manifestPath = Self.absolute(manifest)
        freshness.stamp(manifestPath, as: "the manifest")
        let review = try GoldenReview(
          manifest: manifest, snapshots: snapshots, workers: workers, environment: environment)
        let folder = (manifestPath as NSString).deletingLastPathComponent + "/"
        for text in ((try? GalleryManifest(path: manifest))?.files ?? []).dropFirst() {
          let shown = text.hasPrefix(folder) ? String(text.dropFirst(folder.count)) : text
          freshness.stamp(text, as: "the text file \(shown)")
        }
        for path in review.goldenPaths { freshness.stamp(golden(path), as: "the golden \(path)") }
        let result = review.verify()
        session.show(result)
        session.problem = nil
        // Approvals render with the manifest as this run read it.
        do { try session.review.show(result, checkedBy: review) } catch {
          session.problem = "\(error)"
        }
        self.freshness = freshness
        let watched = freshness.files.map(\.path)
        loop.async { [self] in watcher?.watch(watched) }
      } catch {
        session.problem = "\(error)"
      }
      session.running = false
      let response = publish()
      reply?.send(response)
    }
  }

  /// Approves the goldens the request's body names, one path a line (undone at once): refused
  /// with 409, writing none, unless the current run lists every one as failing and
  /// approvable. Naming a rejected image here is the reviewer's own decision: it is approved
  /// and no longer rejected (undo brings the rejection back).
  func approve(_ body: Data, respond: @escaping (HTTPServer.Response) -> Void) {
    approve(body, leavingOutRejected: false, respond: respond)
  }

  /// Approves a group's or an item's images at once, as ``approve(_:respond:)``, leaving out
  /// those a reviewer rejected: the state's notice names them. Refused with 409 when every one
  /// named is rejected.
  func approveBatch(_ body: Data, respond: @escaping (HTTPServer.Response) -> Void) {
    approve(body, leavingOutRejected: true, respond: respond)
  }

  private func approve(
    _ body: Data, leavingOutRejected: Bool, respond: @escaping (HTTPServer.Response) -> Void
  ) {
    guard let text = String(data: body, encoding: .utf8), !text.isEmpty else {
      return respond(.text(400, "the body must be goldens' paths, one a line (UTF-8)"))
    }
    let named = text.split(separator: "\n").map(String.init)
    let reply = Reply(respond, on: loop)
    queue.async { [self] in
      session.notice = nil
      if let stale = freshness.problem {
        return reply.send(.text(409, "\(stale); nothing was written"))
      }
      // The checks are shown once the review's decision is made: the session is not touched
      // while its review is.
      var checks: [(String, ReviewResult?)] = []
      let decision: ReviewDecision
      do throws(EngineError) {
        decision = try session.review.approve(named, leavingOutRejected: leavingOutRejected) {
          checks.append(($0, $1))
        }
      } catch {
        return reply.send(.text(409, error.description))
      }
      for (path, result) in checks { rechecked(path, result) }
      session.problem = decision.problem
      if !decision.leftOut.isEmpty { session.notice = decision.description }
      reply.send(publish())
    }
  }

  /// Rejects the failing golden the body's first line names, with the rest as the note, and
  /// keeps it in the artifacts folder: the next `verify` there says so on its entry. Refused
  /// with 409 unless the current run lists it as failing; writes no golden. Undone with `u`
  /// (the earlier note, if any, comes back).
  func reject(_ body: Data, respond: @escaping (HTTPServer.Response) -> Void) {
    guard let text = String(data: body, encoding: .utf8), !text.isEmpty else {
      return respond(.text(400, "the body must be a golden's path, then the note (UTF-8)"))
    }
    let path = String(text.prefix { $0 != "\n" })
    let note = String(text.dropFirst(path.count + 1))
    let reply = Reply(respond, on: loop)
    queue.async { [self] in
      session.notice = nil
      do throws(EngineError) { try session.review.reject(path, note: note) } catch {
        return reply.send(.text(409, error.description))
      }
      reply.send(publish())
    }
  }

  /// Takes back the newest decision: an approve's files as they were (and the rejections it
  /// forgot), or a reject's note as it was; 409 when there is none.
  func undo(respond: @escaping (HTTPServer.Response) -> Void) {
    let reply = Reply(respond, on: loop)
    queue.async { [self] in
      session.notice = nil
      var checks: [(String, ReviewResult?)] = []
      do throws(EngineError) {
        let undone = try session.review.undo { checks.append(($0, $1)) }
        guard undone != nil else { return reply.send(.text(409, "nothing to undo")) }
        session.problem = nil
      } catch {
        session.problem = error.description
      }
      for (path, result) in checks { rechecked(path, result) }
      reply.send(publish())
    }
  }

  /// Watches the files each run reads, so the page learns when one changes; on the loop's
  /// thread.
  func startWatching() {
    watcher = FileWatcher { [weak self] in
      guard let self else { return }
      queue.async { self.publish() }
    }
  }

  /// Frees the monitors; on the loop's thread or after it stopped.
  func stopWatching() { watcher = nil }

  /// The absolute path of the golden `path` (relative to the snapshots folder).
  private func golden(_ path: String) -> String {
    Self.absolute(snapshots) + "/" + path
  }

  private static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Waits for the queue's work so far (tests).
  func wait() { queue.sync {} }

  /// Shows the engine's check of one golden after an approve or undo wrote it, so an approved
  /// image leaves the list and an undone one returns; the review wrote the file, so its stamp
  /// is taken again.
  private func rechecked(_ path: String, _ result: ReviewResult?) {
    if let result { session.update(path, with: result) }
    freshness.restamp(golden(path))
  }

  @discardableResult
  private func publish() -> HTTPServer.Response {
    session.stale = freshness.problem
    let state = ReviewState(session)
    let data = (try? state.json()) ?? Data("{}".utf8)
    let images = Dictionary(
      session.failures.map { ($0.id, $0.failure) }, uniquingKeysWith: { a, _ in a })
    published.withLock { $0 = (data, images) }
    return HTTPServer.Response(
      status: 200, contentType: "application/json; charset=utf-8", body: data)
  }

}

/// A POST's answer, sent from the review's queue and delivered on the loop's thread (where
/// libsoup's message lives): the closure is only ever called there.
private struct Reply: @unchecked Sendable {
  private let respond: (HTTPServer.Response) -> Void
  private let loop: MainLoopThread

  init(_ respond: @escaping (HTTPServer.Response) -> Void, on loop: MainLoopThread) {
    self.respond = respond
    self.loop = loop
  }

  func send(_ response: HTTPServer.Response) {
    let respond = self
    loop.async { respond.respond(response) }
  }
}

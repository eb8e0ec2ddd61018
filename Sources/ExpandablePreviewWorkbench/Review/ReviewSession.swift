import ExpandablePreviewEngine
import Foundation

/// The review's state between requests: the failing images the current verify run listed (in
/// the manifest's order) with the ids their images are served under, and the engine's
/// ``VerifyReview``, which judges and keeps the decisions. Used on the review's queue only.
struct ReviewSession {
  /// Images the last full run checked.
  private(set) var checked = 0
  /// Each failing image with the id its images are served under.
  private(set) var failures: [(id: Int, failure: ReviewFailure)] = []
  /// Where each golden of the full run's list stood, to put it back there after an undo.
  private var order: [String: Int] = [:]
  private var nextID = 1
  /// Why the last run or action could not be done, for the page; nil when it went well.
  var problem: String?
  /// What the last action left out or did besides (a batch approve's rejected images), for
  /// the page; nil when nothing.
  var notice: String?
  /// Whether a full run is going on.
  var running = false
  /// Which file the run read changed since, for the page (approving is refused meanwhile).
  var stale: String?
  /// The approves, rejects and undos, and the rejections kept in the artifacts folder.
  var review: VerifyReview

  init(artifacts: String) { review = VerifyReview(artifacts: artifacts) }

  /// Shows a full run's list in place of the last one; earlier approvals stay undoable.
  mutating func show(_ result: ReviewResult) {
    checked = result.checked
    failures = result.failures.map { (take(), $0) }
    order = Dictionary(
      result.failures.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// Shows the re-check of the golden at `path`: it leaves the list when it passes now, and
  /// takes (or gets back) its place when it fails.
  mutating func update(_ path: String, with result: ReviewResult) {
    let index = failures.firstIndex { $0.failure.path == path }
    guard let failure = result.failures.first(where: { $0.path == path }) else {
      if let index { failures.remove(at: index) }
      return
    }
    if let index {
      failures[index] = (take(), failure)
      return
    }
    let rank = order[path] ?? Int.max
    let place = failures.firstIndex { (order[$0.failure.path] ?? Int.max) > rank }
    failures.insert((take(), failure), at: place ?? failures.endIndex)
  }

  /// How many goldens the approves still undoable wrote.
  var approved: Int {
    review.decisions.reduce(0) { $0 + ($1.kind == .approve ? $1.paths.count : 0) }
  }

  private mutating func take() -> Int {
    defer { nextID += 1 }
    return nextID
  }
}

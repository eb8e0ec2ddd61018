import ExpandablePreviewEngine
import Foundation

/// What the review page is sent: the counts, each failing image (its images are fetched from
/// `/review-image/ID/KIND`), and what `u` would undo.
struct ReviewState: Encodable {
  struct Item: Encodable {
    var id: Int
    var path: String
    var summary: String
    var canApprove: Bool
    /// Which of `expected`, `actual`, `difference` there are.
    var images: [String]
    /// Each image's width and height in pixels, by kind (`expected`, `actual`).
    var sizes: [String: [Int]]
    /// The readable text diff report.html shows: the recorded and the new visible text, each
    /// as its common beginning, the part that differs and its common end.
    var texts: Texts?
    /// The reviewer's note when this image was rejected ("" without one); nil otherwise.
    var rejection: String?
  }

  struct Texts: Encodable {
    var recorded: [String]
    var now: [String]
  }

  var running: Bool
  var checked: Int
  var failing: Int
  var approved: Int
  /// The goldens `u` restores (one, or a group approved at once); empty when nothing is to
  /// undo.
  var undo: [String]
  /// What `u` takes back: `approve` or `reject`; nil when nothing.
  var undoKind: String?
  var problem: String?
  /// What the last action left out (a batch approve's rejected images); nil when nothing.
  var notice: String?
  /// "The manifest changed since this run — re-run verify"; nil while the run is current.
  var stale: String?
  /// Where rejections are kept (the next `verify --artifacts` there shows them).
  var rejections: String
  var items: [Item]

  init(_ session: ReviewSession) {
    running = session.running
    checked = session.checked
    failing = session.failures.count
    approved = session.approved
    undo = session.review.decisions.last?.paths ?? []
    undoKind = session.review.decisions.last?.kind.rawValue
    problem = session.problem
    notice = session.notice
    stale = session.stale
    rejections = session.review.rejectionsFile ?? ""
    items = session.failures.map { id, failure in
      let images = [
        ("expected", failure.expected), ("actual", failure.actual),
        ("difference", failure.difference),
      ]
      return Item(
        id: id, path: failure.path, summary: failure.summary, canApprove: failure.canApprove,
        images: images.compactMap { $1 == nil ? nil : $0 },
        sizes: Dictionary(
          images.prefix(2).compactMap { kind, data in
            ReviewFailure.pixelSize(ofPNG: data).map { (kind, [$0.width, $0.height]) }
          }, uniquingKeysWith: { a, _ in a }),
        texts: failure.texts.map { Texts(recorded: $0.recorded, now: $0.now) },
        rejection: session.review.rejection(of: failure.path))
    }
  }

  func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}

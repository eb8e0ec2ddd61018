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
  }

  var running: Bool
  var checked: Int
  var failing: Int
  var approved: Int
  /// The goldens `u` restores (one, or a group approved at once); empty when nothing is to
  /// undo.
  var undo: [String]
  var problem: String?
  /// "The manifest changed since this run — re-run verify"; nil while the run is current.
  var stale: String?
  var items: [Item]

  init(_ session: ReviewSession) {
    running = session.running
    checked = session.checked
    failing = session.failures.count
    approved = session.approvals.reduce(0) { $0 + $1.count }
    undo = session.approvals.last?.map(\.golden) ?? []
    problem = session.problem
    stale = session.stale
    items = session.failures.map { id, failure in
      Item(
        id: id, path: failure.path, summary: failure.summary, canApprove: failure.canApprove,
        images: [
          ("expected", failure.expected), ("actual", failure.actual),
          ("difference", failure.difference),
        ].compactMap { $1 == nil ? nil : $0 })
    }
  }

  func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}

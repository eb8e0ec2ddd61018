import ExpandablePreviewGolden
import Foundation

/// What one review run found: how many images it checked and each one that failed, with its
/// images as files, in the manifest's order.
package struct ReviewResult: Sendable {
  package var checked: Int
  package var failures: [ReviewFailure]
  /// Each failing golden's SHA-256 right after the run (nil: absent or unreadable), which an
  /// approve compares with the file then.
  package var goldenDigests: [String: String?] = [:]

  init(_ outcome: VerifyRun.Outcome) {
    checked = outcome.entries.count
    var kept = Dictionary(outcome.failures.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    failures = outcome.entries.filter { $0.status.isFailure }.map { entry in
      ReviewFailure(entry: entry, outcome: kept.removeValue(forKey: entry.path))
    }
  }
}

/// One failing image: its golden's path, the check's words, and the images to compare.
package struct ReviewFailure: Sendable {
  /// The golden's path in the snapshots folder (`item/collapsed@2x.png`).
  package let path: String
  /// The check's one line (`GoldenCheckOutcome.summary`, or the render's error).
  package let summary: String
  /// Whether `verify --record failed` would write this golden (it differs, is missing or
  /// cannot be read); false for an image that could not be rendered or checked.
  package let canApprove: Bool
  /// The golden as read, the render as its file would hold it, and the difference alone.
  package let expected: Data?
  package let actual: Data?
  package let difference: Data?

  init(entry: VerificationEntry, outcome: GoldenCheckOutcome?) {
    path = entry.path
    summary = outcome?.summary ?? entry.summary
    canApprove = outcome?.acceptingMode != nil
    expected = try? outcome?.comparison.expectedFileBytes()
    actual = try? outcome?.comparison.actualFileBytes()
    difference = try? outcome?.comparison.differenceFileBytes()
  }
}

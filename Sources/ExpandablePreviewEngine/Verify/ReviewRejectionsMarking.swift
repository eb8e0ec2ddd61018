import ExpandablePreviewGolden
import Foundation

/// The rejections a reviewer left in the workbench (`review-rejections.json` in an artifacts
/// folder) applied to a verify report: every face that writes one (`verify`,
/// ``GoldenVerifier``, `merge-reports`) calls this, so each says "rejected by reviewer: NOTE"
/// on the same entries.
package enum ReviewRejectionsMarking {
  /// `report` with the rejections kept in `folder` on their entries; the record is then
  /// rewritten with only those that still stand (``VerificationReport/marking(_:)``). A record
  /// that cannot be read leaves the report as it is, and one that cannot be rewritten stays as
  /// it was; `problems` says so, naming the file.
  package static func apply(to report: VerificationReport, in folder: URL) -> (
    report: VerificationReport, problems: [String]
  ) {
    let rejections: ReviewRejections
    do { rejections = try ReviewRejections.read(in: folder) } catch {
      return (report, ["\(error)"])
    }
    if rejections.isEmpty { return (report, []) }
    let marked = report.marking(rejections)
    if marked.standing != rejections {
      do { try marked.standing.write(in: folder) } catch {
        return (marked.report, ["\(ReviewRejections.fileName): \(error)"])
      }
    }
    return (marked.report, [])
  }
}

import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

extension VerifyCommand {
  /// `report` with the rejections a reviewer left in the workbench (in the artifacts folder)
  /// on their entries; the record then keeps only those that still stand. A record that cannot
  /// be read leaves the report as it is, and one that cannot be written stays as it was; both
  /// are said.
  func markingRejections(_ report: VerificationReport, in folder: URL) -> VerificationReport {
    let rejections: ReviewRejections
    do { rejections = try ReviewRejections.read(in: folder) } catch {
      standardError("error: \(error)")
      return report
    }
    if rejections.isEmpty { return report }
    let marked = report.marking(rejections)
    if marked.standing != rejections {
      do { try marked.standing.write(in: folder) } catch {
        standardError("error: \(ReviewRejections.fileName): \(error)")
      }
    }
    return marked.report
  }
}

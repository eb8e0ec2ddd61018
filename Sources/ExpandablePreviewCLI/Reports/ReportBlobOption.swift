import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

extension BatchOptions {
  /// Says why the `--report-blob` folder cannot take a blob, before anything is rendered;
  /// false when it can or none is asked for.
  func refusesReportBlob() -> Bool {
    guard let reportBlob, let problem = ReportBlob.folderProblem(RunDirectory.url(reportBlob))
    else { return false }
    standardError("error: --report-blob \(reportBlob): \(problem)")
    return true
  }

  /// Leaves the `--report-blob` with `write`, saying what failed; false when it failed (the
  /// run then exits 2, as for an output folder that cannot be written: the merge would lack it).
  func leaveReportBlob(_ write: (String) throws(ReportBlobError) -> Void) -> Bool {
    guard let reportBlob else { return true }
    do {
      try write(reportBlob)
      return true
    } catch {
      standardError("error: --report-blob \(reportBlob): \(error)")
      return false
    }
  }
}

import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// A job of a plan bundle whose files ``BundleWriter`` wrote into the output folder as the
/// blob streamed in, each checked against its digest before it got its name.
struct BundledJob: Sendable {
  struct File: Sendable {
    var name: String
    /// The digest the bytes were checked against: the one the record keeps.
    var sha256: String
    /// The stamp the tool's own write left (``PendingFile/commit()``).
    var stamp: FileStamp
  }

  var files: [File]
  /// The job's part of its item's `layout.json`, as written (``LayoutReportFragments``).
  var layoutPart: Data
  var stillAnimation: Bool
}

extension RenderRecord.Entry {
  /// The record's entry of `job` (key `key`) whose files a plan bundle wrote just now.
  init(_ job: RenderJob, key: String, bundled: BundledJob) {
    self.init(
      key: key,
      files: Dictionary(
        bundled.files.map { ("\(job.itemName)/\($0.name)", $0.sha256) },
        uniquingKeysWith: { first, _ in first }),
      stillAnimation: bundled.stillAnimation,
      stamps: Dictionary(
        bundled.files.map { ("\(job.itemName)/\($0.name)", $0.stamp) },
        uniquingKeysWith: { first, _ in first }))
  }
}

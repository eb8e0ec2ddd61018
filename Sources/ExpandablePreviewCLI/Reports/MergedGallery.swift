import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// The merged gallery of render blobs: every item's files and one index.html in `--out`.
struct MergedGallery {
  var merge: ReportBlobMerge
  var out: String
  var command: MergeReportsCommand

  struct Summary: JSONSummary {
    var kind = "render"
    var shards: Int
    var items: Int
    var files: Int
    var failures: [String]
    var gallery: String
  }

  func write() -> Int32 {
    guard let (lead, sections, failedFiles, otherFailures) = merge.gallery else { return 2 }
    let folder = RunDirectory.url(out, isDirectory: true)
    // A new folder only: the merge must not mix its files with another run's.
    if let contents = try? FileManager.default.contentsOfDirectory(atPath: folder.path),
      !contents.isEmpty
    {
      standardError(
        "error: --out \(out): the folder is not empty; merge-reports writes a gallery into a "
          + "new or empty folder")
      return 2
    }
    if let problem = OutputFolder.problem(folder.path, name: out) {
      standardError("error: --out: \(problem)")
      return 2
    }
    let page = GalleryPage.page(
      title: lead.title, itemNames: lead.itemNames, fileCount: lead.fileCount,
      failureCount: failedFiles.count, machineDependent: lead.machineDependent,
      sections: sections)
    do {
      try MergeReportsCommand.copyAttachments(of: merge, into: folder)
      try ReportBlob.writeFile(Data(page.utf8), at: GalleryPage.fileName, in: folder)
    } catch {
      standardError("error: \(error)")
      return 2
    }
    let failures = failedFiles + otherFailures
    for failure in failures { standardError("error: \(failure)") }
    let gallery = folder.appendingPathComponent(GalleryPage.fileName).path
    do {
      try command.printSummary(
        text: "Merged \(merge.blobs.count) render blob(s), shards 1-\(merge.shardCount) of "
          + "\(merge.shardCount): \(lead.itemNames.count) items, \(lead.fileCount) files"
          + (failures.isEmpty ? "" : ", \(failures.count) failed") + ".\nGallery: \(gallery)",
        json: Summary(
          shards: merge.shardCount, items: lead.itemNames.count, files: lead.fileCount,
          failures: failures, gallery: gallery))
    } catch {
      standardError("error: \(error)")
      return 1
    }
    // As render exits: 1 when a file of any shard failed.
    return failures.isEmpty ? 0 : 1
  }
}

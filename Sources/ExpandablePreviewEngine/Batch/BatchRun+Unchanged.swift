import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension BatchRun {
  /// What a run finds in the output folder before any worker starts, item by item.
  struct ItemsFound {
    /// Why each item whose folder cannot be made or opened cannot be written, by item index.
    var unwritable: [Int: String] = [:]
    /// Items whose folder this run created: no earlier file there to compare or keep.
    var newFolders: Set<Int> = []
    /// The jobs found unchanged, by position in the run's jobs: done without a worker.
    var unchanged: [Int: JobDone] = [:]
    /// The `layout.json` found as recorded of each item with a job found unchanged.
    var keptReports: [Int: RenderRecord.KeptReport] = [:]
  }

  /// Makes or opens each rendered item's folder once (never through a link: a planted
  /// `out/a → ../elsewhere` fails item a) and, in it, finds the jobs whose key (`keys[i]`
  /// for `jobs[i]`) and files are unchanged (``RenderRecord/unchangedEntry(of:key:inItemFolder:now:)``)
  /// and whose part of the item's `layout.json` is still there. Those are done here, on the
  /// calling thread, and reported unchanged: a run with little to render opens each folder
  /// once and hands no unchanged job to a worker (a lock hand-off each). `jobs` are in item
  /// order, as ``BatchPlan/jobs`` lists them.
  func findUnchanged(
    _ jobs: [RenderJob], record: RenderRecord, keys: [String]?, now: Int64
  ) -> ItemsFound {
    var found = ItemsFound()
    // A folder with a record likely has its items' folders already: opened first, else made.
    let recorded = (try? outputHandle().stamp(ofFile: RenderRecord.fileName)) != nil
    var position = 0
    for index in plan.renderedItems {
      let first = position
      while position < jobs.count, jobs[position].itemIndex == index { position += 1 }
      let name = plan.items[index].name
      let folder: FolderHandle
      do throws(FolderError) {
        let output = try outputHandle()
        if recorded, let present = try? output.subfolder(name, create: false) {
          folder = present
        } else if try output.ensureSubfolder(name) {
          found.newFolders.insert(index)
          continue
        } else {
          folder = try output.subfolder(name, create: false)
        }
      } catch {
        found.unwritable[index] = error.description
        continue
      }
      guard !force, let keys else { continue }
      // The item's layout.json checked once, when a first job of it is found unchanged.
      var kept: RenderRecord.KeptReport?? = nil
      for at in first..<position {
        let job = jobs[at]
        guard
          let entry = record.unchangedEntry(of: job, key: keys[at], inItemFolder: folder, now: now)
        else { continue }
        if kept == nil { kept = .some(record.keptReport(of: name, inItemFolder: folder, now: now)) }
        guard let report = kept ?? nil, report.report.files.contains(job.file) else { continue }
        found.unchanged[at] = JobDone(
          layoutPart: nil, isStillAnimation: entry.stillAnimation, entry: entry)
        reporter.fileFinished(FinishedFile(paths: job.writtenPaths, unchanged: true))
      }
      if let report = kept ?? nil { found.keptReports[index] = report }
    }
    return found
  }
}

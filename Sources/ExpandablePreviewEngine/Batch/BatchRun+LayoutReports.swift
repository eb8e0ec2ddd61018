import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension BatchRun {
  /// Writes `layout.json` for every rendered item, listing its files that were written: the
  /// part of a rendered job made afresh, that of a skipped one kept from the file as recorded
  /// (`kept`, by item index). A file whose jobs were all skipped and are the same is left
  /// as it is, not even read when its stamp is the recorded one, and one in a folder this run
  /// created (`newFolders`, by item index) is written without looking for an earlier one.
  /// Returns the failures and each item's new entry for the record (nil drops it).
  func writeLayoutReports(
    _ jobs: [RenderJob], _ done: [Result<JobDone, JobFailure>],
    kept: [Int: RenderRecord.KeptReport], skipping unwritableItems: [Int: String],
    newFolders: Set<Int> = []
  ) -> (failures: [BatchSummary.Failure], reports: [String: RenderRecord.Report?]) {
    var jobsByItem: [Int: [(job: RenderJob, done: JobDone)]] = [:]
    for (job, result) in zip(jobs, done) {
      guard case .success(let jobDone) = result else { continue }
      jobsByItem[job.itemIndex, default: []].append((job, jobDone))
    }
    var failures: [BatchSummary.Failure] = []
    var reports: [String: RenderRecord.Report?] = [:]
    for index in plan.renderedItems {
      let name = plan.items[index].name
      guard unwritableItems[index] == nil else {
        reports[name] = .some(nil)
        continue
      }
      let jobs = jobsByItem[index] ?? []
      let files = jobs.map(\.job.file)
      if let kept = kept[index], kept.report.files == files, jobs.allSatisfy(\.done.skipped) {
        // The same jobs, all unchanged: the file would get the bytes it has.
        reports[name] = kept.report
        continue
      }
      do {
        let (written, stamp) = try writeLayoutReport(
          name, jobs, kept: kept[index], inNewFolder: newFolders.contains(index))
        // The tool's own stamp when it wrote the file: trusted as a rendered file's is.
        reports[name] = RenderRecord.Report(
          sha256: SHA256Digest.hex(of: written.data), stamp: stamp, files: files,
          start: written.start, lengths: written.lengths)
      } catch {
        failures.append(.init(item: name, file: "layout.json", error: JobFailure(error)))
        reports[name] = .some(nil)
      }
    }
    return (failures, reports)
  }

  /// Writes item `name`'s `layout.json` (unless it holds these bytes already) and returns it,
  /// with the file's stamp when it was written or found with a stamp known to stand for it. `inNewFolder`: this run created the item's
  /// folder, so there is no earlier file to compare or to keep.
  func writeLayoutReport(
    _ name: String, _ jobs: [(job: RenderJob, done: JobDone)], kept: RenderRecord.KeptReport?,
    inNewFolder: Bool = false
  ) throws -> (LayoutReportFragments, FileStamp?) {
    let folder = try itemFolder(name)
    var keptParts: [String: Data] = [:]
    if jobs.contains(where: \.done.skipped) {
      // A job is skipped only when its item's file was found as recorded.
      guard let kept,
        let data = kept.data ?? folder.contents(ofFile: "layout.json"),
        SHA256Digest.hex(of: data) == kept.report.sha256,
        let old = LayoutReportFragments.kept(
          data: data, start: kept.report.start, lengths: kept.report.lengths)
      else {
        throw JobFailure.other("changed while this run rendered; render again")
      }
      keptParts = Dictionary(
        zip(kept.report.files, old.fragments), uniquingKeysWith: { first, _ in first })
    }
    let fragments = try jobs.map { job, done in
      // Made by the worker, or the cache's checked bytes.
      if let part = done.layoutPart { return part }
      // A job is skipped only when its file is among the kept ones.
      guard let part = keptParts[job.file] else {
        throw JobFailure.other("changed while this run rendered; render again")
      }
      return part
    }
    let report = try LayoutReportFragments.assemble(
      name: name, fontSet: fontSet, fragments: fragments)
    if inNewFolder { return (report, try folder.write(report.data, to: "layout.json")) }
    let left = try ReportFile.writeStamped(report.data, to: "layout.json", in: folder)
    // Found with these bytes: its stamp stands for them when it is the one recorded (the
    // tool's own write, or a settled read), as the no-op record needs every file's stamp.
    let known = [kept?.report.stamp, knownStamps[name + "/layout.json"]]
    return (report, left.written || known.contains(left.stamp) ? left.stamp : nil)
  }
}

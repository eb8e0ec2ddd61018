import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

extension VerifyCommand {
  /// The options besides the plan that decide a verify report: blobs that differ in them
  /// are not shards of one run.
  var blobSettings: [String] {
    [
      "verify", snapshots, recordMode.description, compare.rawValue,
      "\(diff.threshold)", "\(diff.maxDiffPixels)", "\(diff.maxDiffRatio)",
      "\(diff.countsAntialiasing)", "\(batch.strict)", "\(batch.systemFonts)",
    ]
  }

  /// `--report-blob DIR`: this shard's report with each image's item position and accept item,
  /// and every artifact it names, for `merge-reports`.
  func writeReportBlob(
    to folder: String, plan: BatchPlan, entries: [VerificationEntry], report: VerificationReport,
    accept: AcceptCommand, artifacts: ArtifactsFolder, title: String
  ) throws(ReportBlobError) {
    // One entry per planned job, in job order (VerifyRun.Outcome.entries); the rest trail.
    // The command itself names this shard's artifacts folder: the merge writes its own.
    let placed = zip(plan.jobs, entries).map { job, entry in
      var entry = entry
      let acceptItem = entry.acceptCommand == nil ? nil : job.itemName
      entry.acceptCommand = nil
      return ReportBlob.PlacedEntry(item: job.itemIndex, acceptItem: acceptItem, entry: entry)
    }
    let results = ReportBlob.VerifyResults(
      title: title, entries: placed, trailing: Array(report.entries.dropFirst(placed.count)),
      fingerprintDifferences: report.fingerprintDifferences, accept: accept.blobContext)
    let blob = ReportBlob(
      shard: BatchPlan.blobShard(batch.shard),
      identity: plan.blobIdentity(
        manifestPath: manifestPath, only: batch.only, settings: blobSettings),
      verify: results)
    let files = report.entries.flatMap { entry in
      [entry.artifacts?.actual, entry.artifacts?.expected, entry.artifacts?.diff].compactMap { $0 }
    }
    try blob.write(
      to: RunDirectory.url(folder),
      copying: files.map { ReportBlob.Source(path: $0, file: artifacts.url(for: $0)) })
  }
}

extension AcceptCommand {
  /// What a blob keeps of the command: all but the artifacts folder, which the merge's is.
  var blobContext: ReportBlob.AcceptContext {
    ReportBlob.AcceptContext(
      program: program, manifest: manifest, snapshots: snapshots, compare: compare.rawValue,
      diff: diff, only: only)
  }

  /// The command of a merged report: the shards' run, writing into the merge's `artifacts`
  /// (nil: the default folder).
  init(_ context: ReportBlob.AcceptContext, compare: CompareMode, artifacts: String?) {
    self.init(
      manifest: context.manifest, snapshots: context.snapshots, diff: context.diff,
      only: context.only, shard: nil, artifacts: artifacts, compare: compare,
      program: context.program)
  }
}

import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

extension BatchPlan {
  /// What every shard of one run shares and a blob of another run does not: a digest over
  /// every item of the plan (whichever shard renders it) with its component and each job's
  /// files and options, the selection and `settings` (the options that decide the report).
  func blobIdentity(manifestPath: String, only: [String]?, settings: [String])
    -> ReportBlob.Identity
  {
    let digest = SHA256Digest()
    digest.update(name: "expandable-preview report blob plan")
    digest.update(integer: UInt64(items.count))
    for index in items.indices {
      let jobs = jobs(ofItem: index)
      digest.update(counted: items[index].name)
      digest.update(counted: jobs.first.map { KeyFields.key(of: $0.component) } ?? "")
      digest.update(integer: UInt64(jobs.count))
      for job in jobs {
        digest.update(integer: UInt64(job.fileCount))
        for (format, file) in job.files {
          digest.update(counted: format.rawValue)
          digest.update(counted: file)
        }
        digest.update(counted: job.overlayFile ?? "")
        KeyFields.write(job.options, to: digest)
      }
    }
    digest.update(integer: UInt64(only?.count ?? 0))
    for name in only ?? [] { digest.update(counted: name) }
    digest.update(integer: UInt64(settings.count))
    for setting in settings { digest.update(counted: setting) }
    return ReportBlob.Identity(
      manifest: URL(fileURLWithPath: manifestPath).lastPathComponent, plan: digest.hex(),
      itemCount: items.count)
  }

  /// The shard this plan is, for a blob; an unsharded run is shard 1 of 1.
  static func blobShard(_ shard: Shard?) -> ReportBlob.Shard {
    ReportBlob.Shard(index: shard?.index ?? 1, count: shard?.count ?? 1)
  }
}

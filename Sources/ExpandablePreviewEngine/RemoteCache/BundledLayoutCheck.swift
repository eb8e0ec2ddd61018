import ExpandablePreview
import Foundation

/// A plan bundle's layout parts are bytes in its blob, checked against their digests, which
/// only say they are the writer's: like a job entry's layout (``FileLayout/implausibility(for:)``)
/// each must be one its job could write, as its kind's part says
/// (``FileLayoutPart/implausibility(bundledPart:files:for:)``).
extension PlanBundle.Job {
  /// Why this listing, with `layoutPart` from the blob, cannot be `job`'s; nil when it can.
  /// The files' sizes are the listing's, which their slices have.
  func implausibility(layoutPart: Data, for job: RenderJob) -> String? {
    job.kind.layoutPart.implausibility(
      bundledPart: layoutPart, files: files.map { ($0.name, $0.size) }, for: job)
  }
}

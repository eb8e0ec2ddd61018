import ExpandablePreview

/// What a run renders: jobs (item × variant × state) of a ``Manifest`` in a fixed order, and
/// the fonts they render with. Made by ``Manifest/plan(only:maxRenders:)``.
public struct RenderPlan: Sendable {
  let batch: BatchPlan
  let manifest: Manifest

  /// The image every job writes, relative to the output folder (`bio/collapsed@2x.png`), in job
  /// order; a verification compares each with the golden of the same path.
  public var imagePaths: [String] { batch.jobs.map(\.relativePath) }

  /// The files the jobs write: one per image, and a still's SVG, PDF or accessibility
  /// overlay beside its PNG when the manifest asks for them.
  public var fileCount: Int { batch.fileCount }
}

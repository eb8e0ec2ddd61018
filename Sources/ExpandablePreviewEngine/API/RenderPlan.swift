import ExpandablePreview

/// What a run renders: jobs (item × variant × state) of a ``Manifest`` in a fixed order, and
/// the fonts they render with. Made by ``Manifest/plan(only:maxRenders:)``.
public struct RenderPlan: Sendable {
  let batch: BatchPlan
  let manifest: Manifest
  /// The selection the plan was made with, for a run that plans it again.
  var only: [String]? = nil
  var maxRenders = BatchPlan.defaultMaxRenders

  /// The manifest's path, for a run: a plan names its manifest's file.
  func manifestPath() throws(EngineError) -> String {
    guard let source = manifest.source else {
      throw EngineError("the plan's manifest was not read from a file (Manifest.load(from:))")
    }
    return source
  }

  /// The image every job writes, relative to the output folder (`bio/collapsed@2x.png`), in job
  /// order; a verification compares each with the golden of the same path.
  public var imagePaths: [String] { batch.jobs.map(\.relativePath) }

  /// The files the jobs write: one per image, and a still's SVG, PDF or accessibility
  /// overlay beside its PNG when the manifest asks for them.
  public var fileCount: Int { batch.fileCount }
}

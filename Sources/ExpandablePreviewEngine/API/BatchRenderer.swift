import Foundation

/// Renders a ``RenderPlan`` into a folder as `expandable-preview render` does: a
/// ``RenderRequest`` for the plan's manifest and items, run. Each item's files, its
/// `layout.json`, the gallery `index.html`, the font check's record and the folder's record,
/// so that a job whose inputs did not change is not rendered again; the shared cache when
/// `EXPANDABLE_PREVIEW_CACHE` names one.
public struct BatchRenderer: Sendable {
  /// Worker threads, each with its own renderer.
  public var workers: Int
  /// Where `EXPANDABLE_PREVIEW_CACHE` is read.
  public var environment: [String: String]

  /// - Parameters:
  ///   - workers: worker threads; by default one per core.
  ///   - environment: where the shared cache is named; by default the process's.
  public init(
    workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.workers = max(1, workers)
    self.environment = environment
  }

  /// Renders every job of `plan` into `folder` (created if missing). A job that fails is
  /// listed in the result; the others are still written.
  ///
  /// - Throws: ``EngineError`` when the manifest cannot be read again or `folder` cannot be
  ///   created or written.
  public func render(_ plan: RenderPlan, into folder: URL) throws(EngineError)
    -> BatchRenderReport
  {
    var request = RenderRequest(
      manifest: try plan.manifestPath(), output: folder.path, workers: workers,
      environment: environment)
    request.only = plan.only
    request.maxRenders = plan.maxRenders
    let outcome = try request.run()
    return BatchRenderReport(
      rendered: outcome.rendered, unchanged: outcome.unchanged, failures: outcome.failures)
  }
}

/// What ``BatchRenderer/render(_:into:)`` did: how many files it wrote or left, and what
/// failed. Named for the batch, as `VerificationReport` is for a verify run; the renderer's
/// `RenderResult` is one still. ``RenderOutcome`` says more.
public struct BatchRenderReport: Sendable, Hashable {
  /// Files written.
  public var rendered: Int
  /// Files left as they were: their job's inputs and bytes are unchanged since the last run.
  public var unchanged: Int
  /// Every file that could not be rendered or written, as `item/file: reason`.
  public var failures: [String]

  /// Whether every file was rendered or left unchanged.
  public var succeeded: Bool { failures.isEmpty }
}

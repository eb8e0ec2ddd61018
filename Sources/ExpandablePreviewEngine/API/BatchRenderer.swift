import Foundation

/// Renders a ``RenderPlan`` into a folder as `expandable-preview render` does: each item's
/// files, its `layout.json`, the gallery `index.html`, and the folder's record, so that a job
/// whose inputs did not change is not rendered again.
public struct BatchRenderer: Sendable {
  /// Worker threads, each with its own renderer.
  public var workers: Int

  /// - Parameter workers: worker threads; by default one per core.
  public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.workers = max(1, workers)
  }

  /// Renders every job of `plan` into `folder` (created if missing). A job that fails is
  /// listed in the result; the others are still written.
  ///
  /// - Throws: ``EngineError`` when `folder` cannot be created or written.
  public func render(_ plan: RenderPlan, into folder: URL) throws(EngineError)
    -> BatchRenderReport
  {
    if let problem = OutputFolder.problem(folder.path, name: folder.path) {
      throw EngineError(problem)
    }
    let fontSet = plan.manifest.fontSet
    let run = BatchRun(
      plan: plan.batch, outputFolder: folder, workers: workers, fontSet: fontSet,
      reporter: ProgressReporter(total: plan.batch.jobs.count, style: .silent),
      keyFiles: KeyContext.Files(for: fontSet))
    let outcome = run.run(title: "ExpandablePreview")
    return BatchRenderReport(
      rendered: outcome.rendered, unchanged: outcome.unchanged,
      failures: (outcome.renderFailures + outcome.reportFailures).map {
        ($0.item.isEmpty ? "" : $0.item + "/") + "\($0.file): \($0.error)"
      })
  }
}

/// What ``BatchRenderer/render(_:into:)`` did: how many files it wrote or left, and what
/// failed. Named for the batch, as `VerificationReport` is for a verify run; the renderer's
/// `RenderResult` is one still.
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

import ExpandablePreviewGolden
import Foundation

/// Checks the images of a ``RenderPlan`` against their goldens as `expandable-preview verify`
/// does, with the same golden check (compare, explain, artifacts), recording in a record mode.
public struct GoldenVerifier: Sendable {
  /// The goldens' folder: `<item>/<image>` as ``RenderPlan/imagePaths`` names them.
  public var snapshots: URL
  /// Which goldens are written; nil resolves the mode as `expandable-preview verify` and
  /// `assertSnapshot` do (`RecordMode.resolve(flag:environment:)`):
  /// `EXPANDABLE_PREVIEW_RECORD` if set, else `never` on CI and `missing` elsewhere.
  public var recordMode: RecordMode?
  /// The environment the record mode is resolved from when ``recordMode`` is nil.
  public var environment: [String: String]
  /// When a rendered image matches its golden.
  public var diff: DiffOptions
  /// Where a failure's actual image and diff are written; nil writes none.
  public var artifacts: URL?
  /// Worker threads, each with its own renderer.
  public var workers: Int
  /// Where a locked snapshots folder's golden bytes are (`GoldenLock`); nil when the folder
  /// holds image files, or to verify a locked folder by digests alone (a difference then fails
  /// without its pixel diff, and nothing can be recorded).
  public var goldenStore: (any GoldenBlobStore)? = nil

  /// - Parameters:
  ///   - snapshots: the goldens' folder.
  ///   - recordMode: which goldens are written; by default resolved from `environment` as the
  ///     command line does, so nothing is written on CI.
  ///   - diff: the comparison's tolerances; by default `verify`'s.
  ///   - artifacts: where failures' images go; nil writes none.
  ///   - workers: worker threads; by default one per core.
  ///   - environment: where `CI` and `EXPANDABLE_PREVIEW_RECORD` are read; by default the
  ///     process's.
  public init(
    snapshots: URL, recordMode: RecordMode? = nil, diff: DiffOptions = DiffOptions(),
    artifacts: URL? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.snapshots = snapshots
    self.recordMode = recordMode
    self.environment = environment
    self.diff = diff
    self.artifacts = artifacts
    self.workers = max(1, workers)
  }

  /// Verifies `plan`'s images as `expandable-preview verify` does: a ``VerifyRequest`` for
  /// the plan's manifest and items, run. Every image is checked against its golden, the
  /// orphan goldens are listed, the folder's `fingerprint.json` and golden-key record are
  /// settled; with an artifacts folder the font check's record, the reports and the
  /// reviewer's rejections (`review-rejections.json`: a rejected failure says "rejected by
  /// reviewer: NOTE") are kept there as well.
  ///
  /// A failure's accept line names no command (a Swift caller has none to run again): it says
  /// to re-record through this API, with `recordMode: .failed` and the item's plan.
  ///
  /// - Throws: ``EngineError`` when the record mode in the environment is unknown, the
  ///   artifacts folder cannot be made, or the run said an error (the fingerprint or a record
  ///   cannot be written, the reviewer's rejections cannot be read or kept).
  public func verify(_ plan: RenderPlan) throws(EngineError) -> VerificationReport {
    var request = VerifyRequest(
      manifest: try plan.manifestPath(), snapshots: snapshots.path, artifacts: artifacts?.path,
      recordMode: recordMode, workers: workers, environment: environment)
    request.diff = diff
    request.only = plan.only
    request.maxRenders = plan.maxRenders
    request.goldenStore = goldenStore
    request.caller = .swift("GoldenVerifier")
    let outcome = try request.run()
    let errors = outcome.messages.filter { $0.level == .error }.map(\.text)
    if !errors.isEmpty { throw EngineError(lines: errors) }
    return outcome.report
  }
}

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

  /// Renders every job of `plan`, checks each image against its golden and settles the
  /// folder's `fingerprint.json`; returns one entry per image (orphan goldens are not listed).
  /// With an artifacts folder, a failure a reviewer rejected in the workbench (its
  /// `review-rejections.json`) says so: "rejected by reviewer: NOTE".
  ///
  /// A failure's accept line names no command (a Swift caller has none to run again): it says
  /// to re-record through this API, with `recordMode: .failed` and the item's plan.
  ///
  /// - Throws: ``EngineError`` when the record mode in the environment is unknown, the
  ///   artifacts folder cannot be made, the fingerprint cannot be written, or the reviewer's
  ///   rejections cannot be read or kept.
  public func verify(_ plan: RenderPlan) throws(EngineError) -> VerificationReport {
    let recordMode: RecordMode
    if let chosen = self.recordMode {
      recordMode = chosen
    } else {
      do throws(ConfigurationError) {
        recordMode = try RecordMode.resolve(environment: environment)
      } catch {
        throw EngineError(error.description)
      }
    }
    let artifactsFolder = artifacts.map { ArtifactsFolder(directory: $0) }
    do throws(ArtifactsFolderError) { try artifactsFolder?.prepare() } catch {
      throw EngineError("artifacts \(artifacts?.path ?? ""): \(error.message)")
    }
    let store: GoldenStore
    do throws(UsageError) {
      store = try GoldenStoreSetting.store(
        directory: snapshots, recordMode: recordMode, options: diff, blobs: goldenStore)
    } catch {
      throw EngineError(error.description)
    }
    let fontSet = plan.manifest.fontSet
    let outcome = VerifyRun(
      plan: plan.batch, check: GoldenCheck(store: store, artifacts: artifactsFolder),
      accept: AcceptCommand(
        manifest: plan.manifest.source ?? "MANIFEST", snapshots: snapshots.path, diff: diff,
        swiftCaller: "GoldenVerifier"),
      workers: workers, fontSet: fontSet,
      reporter: ProgressReporter(total: plan.batch.jobs.count, style: .silent, verb: "Verifying"),
      fingerprintUpdate: FingerprintUpdate(
        mode: recordMode, scope: plan.batch.itemsLeftOut.isEmpty ? .everyGolden : .someGoldens)
    ).run(recorded: (try? Fingerprint.read(in: snapshots)) ?? nil)
    let report: VerificationReport
    do {
      let differences = try Fingerprint.settle(outcome.fingerprint, in: snapshots)
      report = VerificationReport(entries: outcome.entries, fingerprintDifferences: differences)
    } catch {
      throw EngineError("\(Fingerprint.fileName): \(error)")
    }
    guard let artifacts else { return report }
    let marked = ReviewRejectionsMarking.apply(to: report, in: artifacts)
    if let problem = marked.problems.first { throw EngineError(problem) }
    return marked.report
  }
}

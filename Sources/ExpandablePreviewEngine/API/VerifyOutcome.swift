import ExpandablePreviewGolden
import Foundation

/// What a verify run found: the report's entries (every image, orphan and upkeep failure),
/// what it wrote, its counts and what it said. ``passed`` is the verdict every face gives:
/// the command line's exit status 0, `assertSnapshot`'s pass.
public struct VerifyOutcome: Sendable {
  /// The report as written into the artifacts folder: one entry per image in job order, then
  /// the orphans and any failure of the folder's upkeep, and what differs from the machine
  /// that recorded the goldens.
  public var report: VerificationReport
  /// Images planned (orphans not included), each checked or an error.
  public var images: Int
  /// Goldens written by this run.
  public var recorded: [String]
  /// Goldens no item renders any more (listed by the whole manifest's run, or shard 1).
  public var orphans: [String]
  /// Whether the orphans were deleted.
  public var pruned: Bool
  /// Images rendered and checked.
  public var rendered: Int
  /// Goldens passed without a render: their key and file are unchanged (``VerifyRequest/changedOnly``).
  public var unchanged: Int
  /// Goldens passed on the shared cache's word.
  public var fromCache: Int
  /// Goldens without a layout record, compared by their pixels only.
  public var layoutRecordsMissing: Int
  /// Why each damaged layout record was not used.
  public var layoutRecordProblems: [String]
  /// The record mode the run used.
  public var recordMode: RecordMode
  /// The record mode in words, with why when the environment chose it
  /// (`never (because CI is set)`).
  public var recordModeInWords: String
  /// How to accept every failing image (a command line, or what a Swift caller does); nil
  /// when no failure can be accepted by recording.
  public var acceptEverything: String?
  /// The artifacts folder's `report.html`; nil without an artifacts folder.
  public var reportFile: URL?
  /// Whether the snapshots folder did not exist before the run (a typo in its path?).
  public var snapshotsCreated: Bool
  /// Every warning and error the run said, in order (also given to its observer).
  public var messages: [RunMessage]
  /// The signal (SIGINT, SIGTERM) that stopped the run; the reports are then not written.
  public var stoppedBySignal: Int32?
  /// Whether nothing changed since the last run with ``VerifyRequest/changedOnly`` that passed
  /// every golden unchanged, so this one checked stamps and ended: every image passed, the
  /// ``report`` has no entries and the artifacts folder's reports are that run's.
  public var nothingChanged = false

  /// No image failed and every one could be checked (orphans do not fail).
  public var passed: Bool { stoppedBySignal == nil && report.failures.isEmpty }

  /// The planned images' entries alone (no orphans), for a report blob.
  package var imageEntries: [VerificationEntry] = []
  /// The plan; nil for a run short-cut (``nothingChanged``), which made none.
  package var plan: BatchPlan?
  package var accept: AcceptCommand
  package var artifacts: ArtifactsFolder?
  package var title: String
  /// The request that ran, for ``review(continuing:)``.
  package var request: VerifyRequest? = nil
}

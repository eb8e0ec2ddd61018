import Foundation

/// What a render run did: how many files it wrote, left or took from the cache, what failed,
/// and what it said. ``succeeded`` is the verdict every face gives (the command line's exit
/// status 0).
public struct RenderOutcome: Sendable {
  /// Items rendered (those of the run's selection and shard).
  public var items: Int
  /// Files of the plan: one per image, and a still's SVG, PDF or accessibility overlay.
  public var files: Int
  /// Files written.
  public var rendered: Int
  /// Files left as they were: their job's inputs and bytes are unchanged since the last run.
  public var unchanged: Int
  /// Of the files written, those taken from the shared cache.
  public var fromCache: Int
  /// Files an earlier run recorded for items no longer in the manifest.
  public var filesOfRemovedItems: [String]
  /// Whether those files were removed.
  public var pruned: Bool
  /// Every file or report that could not be rendered or written, as `item/file: reason`.
  public var failures: [String] { failed.map(\.line) }
  /// The gallery, when this run wrote it (the whole manifest's run, or shard 1).
  public var gallery: URL?
  /// Whether nothing changed since the last run, so the run checked stamps and ended.
  public var nothingChanged: Bool
  /// Every warning and error the run said, in order (also given to its observer).
  public var messages: [RunMessage]
  /// The signal (SIGINT, SIGTERM) that stopped the run; no reports are then written.
  public var stoppedBySignal: Int32?

  /// Whether every file was rendered or left unchanged.
  public var succeeded: Bool { stoppedBySignal == nil && failed.isEmpty }

  /// The failures with their item and file apart: render failures, then reports'.
  package var failed: [BatchSummary.Failure] = []
  /// The reports' failures alone (`layout.json`, `index.html`, records), for a report blob.
  package var reportFailures: [BatchSummary.Failure] = []
  /// The batch's own outcome and plan, for a report blob; nil for a run short-cut.
  package var batch: BatchRun.Outcome? = nil
  package var plan: BatchPlan? = nil
  package var machineDependent = false
  package var outputFolder: URL
}

extension BatchSummary.Failure {
  /// `item/file: reason`, as the command line prints it.
  package var line: String { "\(item.isEmpty ? "" : item + "/")\(file): \(error)" }
}

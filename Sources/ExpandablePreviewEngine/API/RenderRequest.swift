import ExpandablePreview
import Foundation

/// A render run asked for: every item, variant and state of a manifest written into a folder,
/// as `expandable-preview render` runs it. ``run(observer:)`` does the whole run: the no-op
/// short-cut, the plan, the font check and its record, the cache, the render, `layout.json`,
/// the gallery, the folder's record (and `prune`), and the no-op record.
public struct RenderRequest: Sendable {
  /// The manifest's path; a relative one is resolved against the working directory.
  public var manifest: String
  /// The output folder (created if missing).
  public var output: String
  /// Render every file, even those whose job is unchanged.
  public var force = false
  /// Remove the recorded files of items no longer in the manifest.
  public var prune = false
  /// Only these items; nil for all.
  public var only: [String]?
  /// Part K of N as `K/N`; nil for the whole manifest.
  public var shard: String?
  /// The most renders the manifest may ask for.
  public var maxRenders = 100_000
  /// Worker threads, each with its own renderer.
  public var workers: Int
  /// A font family outside the set, or a character no font has, refuses the run; an
  /// animation with nothing to expand fails its file.
  public var strict = false
  /// Draw with the machine's fonts instead of the pinned set.
  public var systemFonts = false
  /// A Bazel remote-cache HTTP server to share results through; nil reads
  /// `EXPANDABLE_PREVIEW_CACHE` from ``environment``.
  public var cacheURL: String?
  /// Ask the cache, never upload.
  public var cacheReadOnly = false
  /// Where `EXPANDABLE_PREVIEW_CACHE` and its token are read.
  public var environment: [String: String]
  /// The gallery's title.
  public var title: String

  /// The shared cache the command line resolved already; nil resolves it from the fields.
  package var resolvedCache: RemoteCache?? = nil
  /// Whether the run writes elsewhere too (`--report-blob`), so no no-op record may stand
  /// for it.
  package var writesElsewhere = false
  /// The files to write, replacing the manifest's formats; empty keeps them.
  package var formats: [OutputFormat] = []
  /// How the run was started, for the names its messages give the options.
  package var caller = RunCaller.swift("RenderRequest")

  /// - Parameters:
  ///   - manifest: the manifest's path.
  ///   - output: the output folder.
  ///   - workers: worker threads; by default one per core.
  ///   - environment: where the cache is resolved from; by default the process's.
  public init(
    manifest: String, output: String,
    workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.manifest = manifest
    self.output = output
    self.workers = max(1, workers)
    self.environment = environment
    title = "ExpandablePreview: \(URL(fileURLWithPath: manifest).lastPathComponent)"
  }
}

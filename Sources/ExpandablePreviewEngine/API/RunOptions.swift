import Foundation

/// What a render run and a verify run share, declared once: the manifest and which of its
/// items, how many workers, the font rules and the shared cache. ``RenderRequest`` and
/// ``VerifyRequest`` each hold one as `options` and read and write its fields as their own
/// (`request.only = ["bio"]`).
public struct RunOptions: Sendable {
  /// The manifest's path; a relative one is in ``directory``.
  public var manifest: String
  /// The folder the run's relative paths (the manifest, the output, snapshots and artifacts
  /// folders, a golden store's folder) are in; nil for the working directory.
  public var directory: URL? = nil
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
  /// A Bazel remote-cache HTTP server to share results through (`--cache`); nil reads
  /// `EXPANDABLE_PREVIEW_CACHE` from ``environment``.
  public var cacheURL: String?
  /// Ask the cache, never upload.
  public var cacheReadOnly = false
  /// Where `EXPANDABLE_PREVIEW_CACHE` and its token are read (and, for a verify run, `CI`
  /// and `EXPANDABLE_PREVIEW_RECORD`).
  public var environment: [String: String]

  /// The shared cache the command line resolved already; nil resolves it from the fields.
  package var resolvedCache: RemoteCache?? = nil

  /// - Parameters:
  ///   - manifest: the manifest's path.
  ///   - workers: worker threads; by default one per core.
  ///   - environment: where the cache (and a verify run's record mode) is resolved from; by
  ///     default the process's.
  public init(
    manifest: String, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.manifest = manifest
    self.workers = max(1, workers)
    self.environment = environment
  }
}

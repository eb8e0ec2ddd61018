import ExpandablePreview
import Foundation

/// A render run asked for: every item, variant and state of a manifest written into a folder,
/// as `expandable-preview render` runs it. ``run(observer:)`` does the whole run: the no-op
/// short-cut, the plan, the font check and its record, the cache, the render, `layout.json`,
/// the gallery, the folder's record (and `prune`), and the no-op record.
@dynamicMemberLookup
public struct RenderRequest: Sendable {
  /// The manifest, its items, the workers, the fonts and the cache, as a verify run has them.
  public var options: RunOptions
  /// The output folder (created if missing).
  public var output: String
  /// Render every file, even those whose job is unchanged.
  public var force = false
  /// Remove the recorded files of items no longer in the manifest.
  public var prune = false
  /// The gallery's title.
  public var title: String

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
    options = RunOptions(manifest: manifest, workers: workers, environment: environment)
    self.output = output
    title = "ExpandablePreview: \(URL(fileURLWithPath: manifest).lastPathComponent)"
  }

  /// A field of ``options``, read and written as the request's own: `request.only`.
  public subscript<Value>(dynamicMember field: WritableKeyPath<RunOptions, Value>) -> Value {
    get { options[keyPath: field] }
    set { options[keyPath: field] = newValue }
  }
}

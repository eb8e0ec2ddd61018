import ExpandablePreviewGolden
import Foundation

/// A verify run asked for: a manifest's images checked against the goldens of a snapshots
/// folder, as `expandable-preview verify` runs it. ``run(observer:)`` does the whole run: the
/// plan, the font check and its record, the render and the golden check, orphans (and
/// `prune`), the fingerprint, the golden-key record, the reviewer's rejections and the
/// reports.
@dynamicMemberLookup
public struct VerifyRequest: Sendable {
  /// The manifest, its items, the workers, the fonts, the cache and the environment, as a
  /// render run has them.
  public var options: RunOptions
  /// The goldens' folder: `<item>/<image>` as the plan names the images.
  public var snapshots: String
  /// Where a failure's actual image and diff go, with `report.html`, `report.json` and
  /// `junit.xml` and the font check's record; nil writes none of them.
  public var artifacts: String?
  /// Which goldens are written; nil resolves the mode from ``RunOptions/environment`` by the one rule
  /// the command line and `assertSnapshot` use (`RecordMode.resolve(environment:)`):
  /// `EXPANDABLE_PREVIEW_RECORD` if set, else `never` on CI and `missing` elsewhere.
  public var recordMode: RecordMode?
  /// When a rendered image matches its golden.
  public var diff = DiffOptions()
  /// What decides a pass: pixels, the layout record, or both.
  public var compare = CompareMode.both
  /// Delete orphan goldens (those no item renders any more); a record mode must allow writes.
  public var prune = false
  /// Pass without rendering the goldens whose recorded key and file are unchanged.
  public var changedOnly = false
  /// Where a locked snapshots folder's golden bytes are; nil for a folder of images.
  public var goldenStore: (any GoldenBlobStore)?

  /// The record mode as messages name it, when the command line resolved it already.
  package var recordModeInWords: String? = nil
  /// How the run was started, for the accept lines of its report.
  package var caller = RunCaller.swift("VerifyRequest")
  /// Whether the face writes a report blob from the outcome (it needs the plan: no short-cut).
  package var writesElsewhere = false

  /// - Parameters:
  ///   - manifest: the manifest's path.
  ///   - snapshots: the goldens' folder.
  ///   - artifacts: where failures' images and the reports go; nil writes none.
  ///   - recordMode: which goldens are written; nil resolves it from `environment`, so that
  ///     nothing is written on CI.
  ///   - workers: worker threads; by default one per core.
  ///   - environment: where the record mode and the cache are resolved from; by default the
  ///     process's.
  public init(
    manifest: String, snapshots: String, artifacts: String? = nil,
    recordMode: RecordMode? = nil,
    workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    options = RunOptions(manifest: manifest, workers: workers, environment: environment)
    self.snapshots = snapshots
    self.artifacts = artifacts
    self.recordMode = recordMode
  }

  /// A field of ``options``, read and written as the request's own: `request.only`.
  public subscript<Value>(dynamicMember field: WritableKeyPath<RunOptions, Value>) -> Value {
    get { options[keyPath: field] }
    set { options[keyPath: field] = newValue }
  }
}

/// How a run was started, for the accept lines it prints: a command line (the program, the
/// artifacts folder as given when not the default, and `--golden-store` as given, without
/// which a locked folder cannot record), or a Swift caller through a named API.
package enum RunCaller: Sendable {
  case commandLine(program: String, artifactsShown: String?, goldenStoreShown: String? = nil)
  case swift(String)
}

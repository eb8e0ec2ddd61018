import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// Settings for ``assertSnapshot(of:options:named:record:fileID:filePath:function:line:column:)``
/// shared by a suite: set it once with `withSnapshotConfiguration(_:operation:)` or, in Swift
/// Testing, the `.snapshots(directory:record:diff:fonts:artifacts:compare:)` trait
/// (``SnapshotTrait``). Unset fields fall back to the enclosing configuration's, then to the
/// defaults: a test's
/// `.snapshots(record: .all)` inside a suite's `.snapshots(directory:)` keeps the directory.
public struct SnapshotConfiguration: Sendable {
  /// The folder goldens live in; by default `Snapshots/<test file name>/` beside the test file.
  public var directory: URL?
  /// The record mode; by default from `EXPANDABLE_PREVIEW_RECORD`, else `missing`, or `never`
  /// when `CI` is set.
  public var record: RecordMode?
  /// The comparison's tolerances; by default `DiffOptions()`'s.
  public var diff: DiffOptions {
    get { diffOptions ?? DiffOptions() }
    set { diffOptions = newValue }
  }
  /// Font files and folders added to the pinned standard set (see `Renderer(fonts:)`); the
  /// standard set alone when nil.
  public var fonts: [URL]?
  /// Where failures leave their files (under the golden folder's path relative to the package,
  /// or for one outside it, to the deepest folder it shares with this one);
  /// by default `EXPANDABLE_PREVIEW_ARTIFACTS`, else `.build/expandable-preview-artifacts` in
  /// the test's package.
  public var artifacts: URL?
  /// What decides a pass: `CompareMode.both` by default (pixels, explained by the layout
  /// record beside each golden), `.pixels` or `.layout`.
  public var compare: CompareMode?
  /// Where a locked golden folder's bytes are (its `goldens.lock` lists them; see
  /// `GoldenLock`): a `FolderBlobStore`, or a store of your own; when unset, the store
  /// `EXPANDABLE_PREVIEW_GOLDEN_STORE` names, a folder or an HTTP store
  /// (``SnapshotConfiguration/goldenStore(environment:)``). A folder holding a lock is
  /// checked against it with or without a store; without one a differing render fails
  /// without its pixel diff and nothing is recorded.
  public var goldenStore: (any GoldenBlobStore)?
  /// The tolerances when set here (``diff`` reads the default otherwise), so that merging can
  /// tell a set value from the default.
  private var diffOptions: DiffOptions?

  /// A configuration; what is left nil comes from the enclosing one.
  public init(
    directory: URL? = nil, record: RecordMode? = nil, diff: DiffOptions? = nil,
    fonts: [URL]? = nil, artifacts: URL? = nil, compare: CompareMode? = nil,
    goldenStore: (any GoldenBlobStore)? = nil
  ) {
    self.compare = compare
    self.goldenStore = goldenStore
    self.directory = directory
    self.record = record
    self.diffOptions = diff
    self.fonts = fonts
    self.artifacts = artifacts
  }

  /// This configuration with each field it leaves unset taken from `enclosing`.
  public func merged(into enclosing: SnapshotConfiguration) -> SnapshotConfiguration {
    SnapshotConfiguration(
      directory: directory ?? enclosing.directory, record: record ?? enclosing.record,
      diff: diffOptions ?? enclosing.diffOptions, fonts: fonts ?? enclosing.fonts,
      artifacts: artifacts ?? enclosing.artifacts, compare: compare ?? enclosing.compare,
      goldenStore: goldenStore ?? enclosing.goldenStore)
  }

  /// The configuration of the running task.
  @TaskLocal public static var current = SnapshotConfiguration()

  /// The environment variable naming the artifacts folder.
  public static let artifactsVariable = "EXPANDABLE_PREVIEW_ARTIFACTS"
}

/// Runs `operation` with `configuration` for every snapshot assertion inside it (a task-local
/// value), its unset fields taken from the enclosing configuration (a trait's, or an outer
/// call's). In XCTest, wrap `invokeTest()` to set it for a whole test case class.
public func withSnapshotConfiguration<R>(
  _ configuration: SnapshotConfiguration, operation: () throws -> R
) rethrows -> R {
  try SnapshotConfiguration.$current.withValue(
    configuration.merged(into: .current), operation: operation)
}

/// The asynchronous form of `withSnapshotConfiguration(_:operation:)`.
public func withSnapshotConfiguration<R>(
  _ configuration: SnapshotConfiguration, operation: () async throws -> R
) async rethrows -> R {
  try await SnapshotConfiguration.$current.withValue(
    configuration.merged(into: .current), operation: operation)
}

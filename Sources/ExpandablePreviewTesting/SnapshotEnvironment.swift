/// The environment `assertSnapshot` resolves its record mode from (`EXPANDABLE_PREVIEW_RECORD`,
/// `CI`): the process's, unless a test of this package sets one for its task, so the CI rule
/// is tested without changing the process's environment under tests running in parallel.
package enum SnapshotEnvironment {
  /// The environment for the current task; nil reads the process's.
  @TaskLocal package static var current: [String: String]? = nil
}

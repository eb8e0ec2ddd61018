import ExpandablePreviewEngine
import Foundation

/// The folder a command resolves the relative paths it is given against: the process's
/// working directory, unless a run in process binds its own (`runTool(_:streams:environment:directory:)`,
/// which the tests use), so runs in parallel need no `chdir`. A task-local value, as
/// `Console.streams` is; the engine's requests get it as their `directory` (``RunFolder``).
package enum RunDirectory {
  /// The run's folder; nil for the process's working directory.
  @TaskLocal package static var current: URL? = nil

  /// `path` as a file URL: an absolute path as it is, a relative one against the run's folder.
  package static func url(_ path: String, isDirectory: Bool? = nil) -> URL {
    RunFolder.url(path, isDirectory: isDirectory, in: current)
  }

  /// `path` for a system call: absolute against the run's folder when one is bound, else as it
  /// is (the working directory resolves it).
  package static func path(_ path: String) -> String {
    RunFolder.path(path, in: current)
  }
}

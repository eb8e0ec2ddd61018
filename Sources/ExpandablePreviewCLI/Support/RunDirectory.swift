import Foundation

/// The folder a run resolves the relative paths it is given against: the process's working
/// directory, unless a run in process binds its own (`runTool(_:streams:environment:directory:)`,
/// which the tests use), so runs in parallel need no `chdir`. A task-local value, as
/// `Console.streams` is; the worker pool's threads get absolute URLs and need none.
package enum RunDirectory {
  /// The run's folder; nil for the process's working directory.
  @TaskLocal package static var current: URL? = nil

  /// `path` as a file URL: an absolute path as it is, a relative one against the run's folder.
  /// Its `path` is absolute, as `URL(fileURLWithPath:)` makes it against the working directory.
  package static func url(_ path: String, isDirectory: Bool? = nil) -> URL {
    // A base without its trailing slash would resolve `m.json` beside the folder, not in it.
    let base = current.map { URL(fileURLWithPath: $0.path, isDirectory: true) }
    let url =
      if let isDirectory {
        URL(fileURLWithPath: path, isDirectory: isDirectory, relativeTo: base)
      } else {
        URL(fileURLWithPath: path, relativeTo: base)
      }
    return url.absoluteURL
  }

  /// `path` for a system call: absolute against the run's folder when one is bound, else as it
  /// is (the working directory resolves it).
  package static func path(_ path: String) -> String {
    guard current != nil, !path.hasPrefix("/") else { return path }
    return url(path).path
  }
}

import Foundation

/// A path a run was given, resolved against the run's folder (``RunOptions/directory``): the
/// face that started the run says which folder that is (the CLI its `runTool` directory), so
/// the engine keeps no ambient one and runs in parallel need no `chdir`.
package enum RunFolder {
  /// `path` as a file URL: an absolute path as it is, a relative one against `directory` (the
  /// working directory when nil). Its `path` is absolute.
  package static func url(_ path: String, isDirectory: Bool? = nil, in directory: URL?) -> URL {
    // A base without its trailing slash would resolve `m.json` beside the folder, not in it.
    let base = directory.map { URL(fileURLWithPath: $0.path, isDirectory: true) }
    let url =
      if let isDirectory {
        URL(fileURLWithPath: path, isDirectory: isDirectory, relativeTo: base)
      } else {
        URL(fileURLWithPath: path, relativeTo: base)
      }
    return url.absoluteURL
  }

  /// `path` for a system call: absolute against `directory` when one is given, else as it is
  /// (the working directory resolves it).
  package static func path(_ path: String, in directory: URL?) -> String {
    guard directory != nil, !path.hasPrefix("/") else { return path }
    return url(path, in: directory).path
  }
}

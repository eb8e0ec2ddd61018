import Foundation

extension URL {
  /// The path with symbolic links resolved and `.` and `..` removed.
  var resolvedPath: String { resolvingSymlinksInPath().standardizedFileURL.path }

  /// Whether this location is `folder` itself or lies inside it, once symbolic links are
  /// resolved on both sides (so neither `..` nor a link can lead out).
  package func isSameOrInside(_ folder: URL) -> Bool {
    let path = resolvedPath
    let base = folder.resolvedPath
    return path == base || path.hasPrefix(base.hasSuffix("/") ? base : base + "/")
  }
}

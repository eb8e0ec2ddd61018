import Foundation

/// Creates output folders with `mkdir`, keeping the system's reason when it cannot.
enum OutputFolder {
  /// Creates `path` and any missing parents; returns `strerror` of the call that failed, or nil.
  static func create(_ path: String) -> String? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component + "/"
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else { return String(cString: strerror(ENOTDIR)) }
    guard access(path, W_OK) == 0 else { return String(cString: strerror(errno)) }
    return nil
  }
}

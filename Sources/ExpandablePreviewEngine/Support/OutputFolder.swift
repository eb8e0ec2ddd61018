import ExpandablePreviewSupport
import Foundation

/// Creates output folders with `mkdir`, keeping the system's reason when it cannot.
package enum OutputFolder {
  /// Creates `path` and any missing parents; returns what is wrong (naming `name`, as the user
  /// spelled the folder, and the system's reason), or nil. A relative `path` is the working
  /// directory's: the caller resolves it against its run's folder (``RunFolder``).
  package static func problem(_ path: String, name: String) -> String? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component + "/"
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        return "cannot create the output folder '\(name)': \(SystemReason.current)"
      }
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else {
      return "cannot create the output folder '\(name)': \(SystemReason.of(code: ENOTDIR))"
    }
    guard access(path, W_OK) == 0 else {
      return "cannot write to the output folder '\(name)': \(SystemReason.current)"
    }
    return nil
  }
}

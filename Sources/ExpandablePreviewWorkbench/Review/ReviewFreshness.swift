import Foundation

/// Whether the files a verify run read are still as they were: the manifest, its text files
/// and the goldens, each by a stamp (modification time, size, file number) taken when the run
/// read it. An approve from a run whose files changed since would write an image rendered from
/// an old manifest, or over a golden the run never saw, so the review refuses it and the page
/// says to re-run verify.
struct ReviewFreshness {
  /// What identifies one version of a file; nil for a file that does not exist.
  struct Stamp: Equatable {
    var modified: Date?
    var size: Int?
    var fileNumber: Int?

    static func of(_ path: String) -> Stamp? {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
        return nil
      }
      return Stamp(
        modified: attributes[.modificationDate] as? Date,
        size: (attributes[.size] as? NSNumber)?.intValue,
        fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.intValue)
    }
  }

  /// One file a run read, with the words the page names it by.
  struct File {
    var path: String
    var name: String
    var stamp: Stamp?
  }

  private(set) var files: [File] = []

  /// Stamps the file at `path` now; the page calls it `name`.
  mutating func stamp(_ path: String, as name: String) {
    files.append(File(path: path, name: name, stamp: Stamp.of(path)))
  }

  /// Takes the stamp of `path` again: the review itself wrote it (an approve or undo) and
  /// checked it again.
  mutating func restamp(_ path: String) {
    for index in files.indices where files[index].path == path {
      files[index].stamp = Stamp.of(path)
    }
  }

  /// The names of the files that changed since they were stamped, in the order stamped.
  var changed: [String] {
    files.filter { Stamp.of($0.path) != $0.stamp }.map(\.name)
  }

  /// What the page shows and an approve is refused with, when a file changed; nil when none.
  var problem: String? {
    let changed = changed
    guard let first = changed.first else { return nil }
    let others = changed.count - 1
    let what =
      others == 0 ? first : "\(first) and \(others) other file\(others == 1 ? "" : "s")"
    return "\(what.prefix(1).uppercased() + what.dropFirst()) changed since this run — "
      + "re-run verify"
  }
}

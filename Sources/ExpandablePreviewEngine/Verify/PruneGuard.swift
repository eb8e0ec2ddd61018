import ExpandablePreviewGolden
import Foundation

/// `--prune` deletes files, so only in a folder the tool marked as its own: one holding a
/// `fingerprint.json` the tool wrote (every recording run writes it). A folder that is absent
/// or empty has nothing to delete and passes; the root folder never does.
package enum PruneGuard {
  /// Why `--prune` must not run in `folder` (shown as `shown`), or nil when it may.
  package static func refusal(snapshots folder: URL, shown: String) -> String? {
    let path = folder.standardizedFileURL.resolvingSymlinksInPath().path
    if path == "/" {
      return "--prune refuses --snapshots \(shown): it is the root folder /"
    }
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    guard !contents.isEmpty else { return nil }
    let marker = folder.appendingPathComponent(Fingerprint.fileName).path
    do {
      if try Fingerprint.read(in: folder) != nil { return nil }
    } catch {
      return "--prune refuses --snapshots \(shown): its \(Fingerprint.fileName) cannot be "
        + "read (\(error)), so it is not known to be a snapshots folder this tool recorded"
    }
    return "--prune refuses --snapshots \(shown): it has no \(marker), the mark of a snapshots "
      + "folder this tool recorded, so its files may not be goldens; record without --prune "
      + "first, or check the path"
  }
}

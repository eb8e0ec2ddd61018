import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// The bytes of every file an approve may change (the golden, its layout record, the folder's
/// fingerprint and golden keys) as they were before it, or their absence, and the folders that
/// were not there (a new item's), so undo puts the folder back exactly. In a locked folder the
/// golden is its lock line: undo puts that line back alone (other lines, written since by
/// other approves, stay), and leaves the uploaded blob in the store, which never deletes one
/// (another line, here or on another branch, may name the same bytes).
package struct GoldenBackup: Sendable {
  /// The golden's path in the snapshots folder.
  package let golden: String
  private let folder: URL
  /// Each file's path in the folder and its bytes (nil: there was none).
  private let files: [(path: String, bytes: Data?)]
  /// The folders an approve may make that did not exist, deepest first (the snapshots folder
  /// itself last, when it was not there either).
  private let absentFolders: [URL]
  /// In a locked folder, the golden's line before the approve (`.some(nil)`: none); nil in a
  /// folder of images.
  private let lockLine: GoldenLock.Entry??

  /// - Throws: a file that exists but cannot be read (its undo could not put it back).
  init(golden: String, in folder: URL) throws(EngineError) {
    self.golden = golden
    self.folder = folder
    var files: [(path: String, bytes: Data?)] = []
    var kept = [
      LayoutRecord.path(forGolden: golden), Fingerprint.fileName, GoldenKeyRecord.fileName,
    ]
    if GoldenLock.exists(in: folder) {
      do {
        lockLine = .some(try GoldenLock.read(in: folder)?.entries[golden])
      } catch {
        throw EngineError("cannot keep the undo: \(error) (nothing was written)")
      }
    } else {
      lockLine = nil
      kept.insert(golden, at: 0)
    }
    for path in kept {
      let url = Self.url(of: path, in: folder)
      // Bounded and regular files only: a FIFO or a device cannot be kept for the undo.
      switch BoundedFile.read(url.path, maxBytes: 1 << 30) {
      case .bytes(let bytes, _): files.append((path, bytes))
      case .absent: files.append((path, nil))
      case .unreadable(let reason):
        throw EngineError("cannot keep the undo: \(reason) (nothing was written)")
      }
    }
    self.files = files
    var absent: [URL] = []
    var folders = [folder]
    for component in golden.split(separator: "/").dropLast() {
      folders.append(folders[folders.count - 1].appendingPathComponent(String(component)))
    }
    for candidate in folders.reversed()
    where !FileManager.default.fileExists(atPath: candidate.path) {
      absent.append(candidate)
    }
    absentFolders = absent
  }

  /// Writes the kept bytes back (atomically) and removes the files that did not exist.
  ///
  /// - Throws: the first file that cannot be written or removed, naming it.
  package func restore() throws(EngineError) {
    if let lockLine { try restore(lockLine) }
    for (path, bytes) in files {
      let url = Self.url(of: path, in: folder)
      do {
        if let bytes {
          try AtomicFile.write(bytes, to: url)
        } else if FileManager.default.fileExists(atPath: url.path) {
          try FileManager.default.removeItem(at: url)
        }
      } catch {
        throw EngineError("cannot restore \(url.path): \(error)")
      }
    }
    // Only an empty folder goes (rmdir refuses any other): one that holds a file written since
    // stays, with it.
    for folder in absentFolders { _ = rmdir(folder.path) }
  }

  /// Puts the golden's lock line back as it was (removes it when there was none), the other
  /// lines as the file holds them now; atomically, under the folder's lock as recording takes.
  private func restore(_ line: GoldenLock.Entry?) throws(EngineError) {
    do {
      try FolderLock.withLock(folder) {
        var lock = try GoldenLock.read(in: folder) ?? GoldenLock()
        guard lock.entries[golden] != line else { return }
        lock.entries[golden] = line
        try lock.write(in: folder)
      }
    } catch {
      throw EngineError("cannot restore \(golden)'s line in \(GoldenLock.fileName): \(error)")
    }
  }

  private static func url(of path: String, in folder: URL) -> URL {
    path.split(separator: "/").reduce(folder) { $0.appendingPathComponent(String($1)) }
  }
}

import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// Why a golden could not be read, written or deleted; names the file.
public struct GoldenStoreError: Error, Sendable, CustomStringConvertible {
  /// The golden's path.
  public let path: String
  /// What went wrong, in plain words.
  public let message: String

  /// An error about `path` (a file, a blob's URL), `message` in plain words.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// "PATH: MESSAGE".
  public var description: String { "\(path): \(message)" }
}

/// Goldens of a snapshots folder: checks images against them, records them in a
/// ``RecordMode``, lists and prunes the ones nothing produces any more. The goldens' bytes are
/// image files in the folder, or lines of a lock file (``GoldenLock``) with the bytes in a
/// content-addressed store (``GoldenBlobStore``); layout records and the fingerprint are files
/// in the folder either way.
public struct GoldenStore: Sendable {
  /// The variable naming the golden store when `--golden-store` is not given.
  public static let storeVariable = "EXPANDABLE_PREVIEW_GOLDEN_STORE"

  /// The folder the goldens live in.
  public let directory: URL
  /// When a check writes a golden.
  public var recordMode: RecordMode
  /// The threshold and tolerances images are compared with.
  public var options: DiffOptions
  /// Where the goldens' bytes are: files in the folder or a lock and a store.
  package let images: any GoldenImages

  /// The goldens in `directory` as image files, recorded in `recordMode`, compared with
  /// `options`.
  public init(directory: URL, recordMode: RecordMode, options: DiffOptions = DiffOptions()) {
    self.directory = directory.standardizedFileURL
    self.recordMode = recordMode
    self.options = options
    images = FolderImages(store: Folder(directory: self.directory))
  }

  /// The goldens of `directory` as lines of its lock file (``GoldenLock/fileName``), their
  /// bytes in `blobs`. Without a store, a render equal to its line still passes; a difference
  /// cannot be shown and nothing can be recorded.
  public init(
    directory: URL, recordMode: RecordMode, options: DiffOptions = DiffOptions(),
    lockingIn blobs: (any GoldenBlobStore)?
  ) {
    self.directory = directory.standardizedFileURL
    self.recordMode = recordMode
    self.options = options
    images = LockedImages(folder: Folder(directory: self.directory), blobs: blobs)
  }

  /// The SHA-256 of the golden at `path` as its lock line gives it, reading no golden; nil in
  /// a folder of images (hash the file) or when the lock has no such line.
  package func lockedDigest(ofGolden path: String) -> String? { images.recordedDigest(path) }

  /// The pixel size of the golden at `path` as its lock line gives it, reading no golden; nil
  /// in a folder of images (read the PNG's header) or when the lock has no such line.
  package func lockedPixelSize(ofGolden path: String) -> (width: Int, height: Int)? {
    images.recordedPixelSize(path)
  }

  /// Whether the goldens are lock lines (else image files).
  public var isLocked: Bool { images is LockedImages }

  /// The folder's files: layout records, and the goldens themselves in the folder form.
  var folder: Folder { Folder(directory: directory) }

  /// The file of the golden at `relativePath` (`/`-separated, inside the folder).
  public func url(for relativePath: String) throws -> URL { try folder.url(for: relativePath) }

  /// Writes a file (a golden, a layout record) atomically inside the folder.
  func write(_ bytes: Data, to file: URL) throws {
    // A run recording into a lock writes its records after the lock (GoldenStore+Batch).
    if let locked = images as? LockedImages, locked.deferWrite(bytes, to: file) { return }
    try folder.write(bytes, to: file)
  }

  /// Every golden, as sorted relative paths: the lock's lines, or the folder's PNG files
  /// (`Folder.imagePaths()`).
  public func goldenPaths() throws -> [String] { try images.paths() }

  /// Whether a component of the relative `path` starts with a dot.
  static func isHidden(_ path: String) -> Bool {
    path.split(separator: "/").contains { $0.hasPrefix(".") }
  }
  /// Goldens under the folder that are not in `expected` (relative paths), and layout records
  /// (``LayoutRecord/path(forGolden:)``) of no golden there nor expected, sorted. An orphan
  /// golden's record is not listed: ``prune(_:removingEmptiedFolders:)`` deletes it with its golden.
  public func orphans(expecting expected: Set<String>) throws -> [String] {
    let goldens = try goldenPaths()
    let records = Set((goldens + expected).map(LayoutRecord.path(forGolden:)))
    return try
      (goldens.filter { !expected.contains($0) }
      + folder.layoutRecordPaths().filter { !records.contains($0) }).sorted()
  }

  /// Deletes the goldens at `paths` and the folders left empty by it that `isRemovable` (given
  /// a folder's relative path) accepts; only in a record mode other than ``RecordMode/never``.
  /// Nothing hidden is deleted: not a file, nor a folder, nor anything inside one.
  ///
  /// - Returns: the paths deleted.
  @discardableResult
  public func prune(
    _ paths: [String], removingEmptiedFolders isRemovable: (String) -> Bool = { _ in true }
  ) throws -> [String] {
    guard recordMode != .never else {
      throw GoldenStoreError(
        path: directory.path, message: "pruning needs a record mode other than never")
    }
    for path in paths {
      let file = try url(for: path)
      guard !Self.isHidden(path) else {
        throw GoldenStoreError(path: file.path, message: "a hidden file is never pruned")
      }
      // A golden goes as its form keeps it (a file, a lock line); a layout record is a file.
      if GoldenKind.namesGolden(path) {
        try images.remove(path)
      } else {
        do {
          try FileManager.default.removeItem(at: file)
        } catch {
          throw GoldenStoreError(path: file.path, message: "cannot delete orphan: \(error)")
        }
      }
      // A pruned golden's layout record goes with it.
      if GoldenKind.namesGolden(path) {
        let record = try url(for: LayoutRecord.path(forGolden: path))
        if FileManager.default.fileExists(atPath: record.path) {
          try? FileManager.default.removeItem(at: record)
        }
      }
      var folder = path.split(separator: "/").dropLast()
      while !folder.isEmpty, isRemovable(folder.joined(separator: "/")) {
        let url = try url(for: folder.joined(separator: "/"))
        guard (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty == true
        else { break }
        try? FileManager.default.removeItem(at: url)
        folder = folder.dropLast()
      }
    }
    return paths
  }
}

extension GoldenStore {
  /// The snapshots folder's files: paths inside it, atomic writes, and listings.
  struct Folder: Sendable {
    let directory: URL

    /// The file of the golden at `relativePath` (`/`-separated, inside the folder).
    func url(for relativePath: String) throws -> URL {
      let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true)
      guard !relativePath.hasPrefix("/"), !parts.isEmpty,
        !parts.contains(where: { $0 == ".." || $0 == "." })
      else {
        throw GoldenStoreError(
          path: relativePath, message: "a golden path must be relative and stay inside the folder")
      }
      return parts.reduce(directory) { $0.appendingPathComponent(String($1)) }
    }

    /// Writes a file (a golden, a layout record) atomically inside the folder.
    func write(_ bytes: Data, to file: URL) throws {
      let folder = file.deletingLastPathComponent()
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw GoldenStoreError(
          path: file.path,
          message: "cannot write the golden: cannot create the folder \(folder.path) "
            + "(\(SystemReason.of(error)))")
      }
      do {
        // Folders below the snapshots folder are opened without following links, so a planted
        // link cannot send a golden outside.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let relative = file.path.dropFirst(directory.path.count).split(separator: "/")
        try FolderHandle(path: directory.path).subfolder(
          path: relative.dropLast().joined(separator: "/")
        )
        .write(bytes, to: String(relative.last!))
      } catch {
        throw GoldenStoreError(
          path: file.path, message: "cannot write the golden: \(SystemReason.of(error))")
      }
    }

    /// Every PNG file under the folder, as sorted relative paths: names ending in `.png` exactly
    /// (the tool writes no other case), outside hidden folders (`.git`, `.github`: never the
    /// tool's) and not hidden themselves. A folder named `x.png` is not one (pruning it would
    /// delete what it holds).
    func imagePaths() throws -> [String] {
      guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
      guard
        let enumerator = FileManager.default.enumerator(
          at: directory, includingPropertiesForKeys: [.isRegularFileKey],
          options: [.skipsHiddenFiles])
      else {
        throw GoldenStoreError(path: directory.path, message: "cannot list the folder")
      }
      let root = directory.resolvingSymlinksInPath().path + "/"
      var paths: [String] = []
      for case let file as URL in enumerator where GoldenKind.namesGolden(file.lastPathComponent) {
        let full = file.resolvingSymlinksInPath().path
        var isFolder: ObjCBool = false
        guard full.hasPrefix(root),
          FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue
        else { continue }
        let path = String(full.dropFirst(root.count))
        guard !GoldenStore.isHidden(path) else { continue }
        paths.append(path)
      }
      return paths.sorted()
    }

    /// Every layout record under the folder, as sorted relative paths.
    func layoutRecordPaths() throws -> [String] {
      guard FileManager.default.fileExists(atPath: directory.path),
        let enumerator = FileManager.default.enumerator(
          at: directory, includingPropertiesForKeys: [.isRegularFileKey],
          options: [.skipsHiddenFiles])
      else { return [] }
      let root = directory.resolvingSymlinksInPath().path + "/"
      var paths: [String] = []
      for case let file as URL in enumerator
      where file.lastPathComponent.hasSuffix(LayoutRecord.fileSuffix) {
        let full = file.resolvingSymlinksInPath().path
        guard full.hasPrefix(root),
          (try? file.resourceValues(forKeys: [.isRegularFileKey]))?
            .isRegularFile == true
        else { continue }
        let path = String(full.dropFirst(root.count))
        guard !GoldenStore.isHidden(path) else { continue }
        paths.append(path)
      }
      return paths.sorted()
    }
  }
}

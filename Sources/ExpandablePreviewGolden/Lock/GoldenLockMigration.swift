import ExpandablePreviewSupport
import Foundation

/// Moves a snapshots folder's goldens between its two forms, losing nothing: image files into
/// a lock and a store (``lock(_:into:)``), lock lines back into image files (``unlock(_:from:)``),
/// and checks that a store holds every locked golden (``missingBlobs(_:in:)``).
public enum GoldenLockMigration {
  /// The most bytes a golden moved either way may have.
  static let maxBytes = 256 << 20

  /// Uploads every image golden of `folder` to `blobs`, then writes the lock naming them all
  /// and deletes the image files (layout records and the fingerprint stay). Nothing is deleted
  /// unless every upload succeeded and the lock was written.
  ///
  /// - Returns: the goldens moved, sorted.
  /// - Throws: ``GoldenStoreError`` naming the golden that could not be read or uploaded, or the
  ///   lock file that exists already.
  @discardableResult
  public static func lock(_ folder: URL, into blobs: any GoldenBlobStore) throws -> [String] {
    let store = GoldenStore(directory: folder, recordMode: .never)
    guard !GoldenLock.exists(in: store.directory) else {
      throw GoldenStoreError(
        path: store.directory.appendingPathComponent(GoldenLock.fileName).path,
        message: "the folder is locked already")
    }
    // Read first: a damaged fingerprint stops the move before anything changed.
    let fingerprint = try Fingerprint.read(in: store.directory)
    var lock = GoldenLock()
    let paths = try store.goldenPaths()
    for path in paths {
      let file = try store.url(for: path)
      let bytes: Data
      switch BoundedFile.read(file.path, maxBytes: maxBytes, followsLinks: false) {
      case .absent: throw GoldenStoreError(path: file.path, message: "the golden disappeared")
      case .unreadable(let reason): throw GoldenStoreError(path: file.path, message: reason)
      case .bytes(let data, _): bytes = data
      }
      guard let (width, height) = pixelSize(ofPNG: bytes) else {
        throw GoldenStoreError(path: file.path, message: "not a PNG (no IHDR chunk)")
      }
      let digest = SHA256Digest.hex(of: bytes)
      try blobs.upload(bytes, as: digest)
      lock.entries[path] = GoldenLock.Entry(
        sha256: digest, bytes: bytes.count, width: width, height: height)
    }
    try lock.write(in: store.directory)
    for path in paths { try store.images.remove(path) }
    try rewriteRecords(
      in: store,
      forms: [
        (locked(knowing: fingerprint), unlocked(knowing: fingerprint)),
        ({ StableJSON.compacted($0) }, { StableJSON.indented($0) }),
      ])
    return paths
  }

  /// Writes every locked golden of `folder` as an image file, each fetched from `blobs` and
  /// used only when its size and SHA-256 are its line's, then deletes the lock. When any golden
  /// cannot be had, the files this call wrote are deleted again and the lock stays.
  ///
  /// - Returns: the goldens written, sorted.
  /// - Throws: ``GoldenStoreError`` listing every golden that could not be had, and why.
  @discardableResult
  public static func unlock(_ folder: URL, from blobs: any GoldenBlobStore) throws -> [String] {
    let locked = GoldenStore(directory: folder, recordMode: .never, lockingIn: blobs)
    let lockPath = locked.directory.appendingPathComponent(GoldenLock.fileName).path
    guard let lock = try GoldenLock.read(in: locked.directory) else {
      throw GoldenStoreError(path: lockPath, message: "no lock file to move out of")
    }
    let fingerprint = try Fingerprint.read(in: locked.directory)
    let names = lock.entries.keys.sorted()
    var written: [URL] = []
    var problems: [String] = []
    for name in names {
      switch locked.images.read(name, maxBytes: maxBytes) {
      case .bytes(let bytes):
        do {
          let file = try locked.url(for: name)
          guard !FileManager.default.fileExists(atPath: file.path) else {
            problems.append("\(name): a file is there already")
            continue
          }
          try locked.write(bytes, to: file)
          written.append(file)
        } catch {
          problems.append("\(error)")
        }
      case .absent: problems.append("\(name): no lock line")
      case .unreadable(let reason), .unavailable(let reason): problems.append("\(name): \(reason)")
      }
    }
    guard problems.isEmpty else {
      for file in written { try? FileManager.default.removeItem(at: file) }
      throw GoldenStoreError(
        path: lockPath,
        message: "\(problems.count) of \(names.count) goldens could not be written, so none "
          + "were and the lock stays:\n  " + problems.joined(separator: "\n  "))
    }
    do {
      try FileManager.default.removeItem(atPath: lockPath)
    } catch {
      throw GoldenStoreError(path: lockPath, message: "cannot delete: \(SystemReason.of(error))")
    }
    try rewriteRecords(
      in: locked,
      forms: [
        (unlocked(knowing: fingerprint), Self.locked(knowing: fingerprint)),
        ({ StableJSON.indented($0) }, { StableJSON.compacted($0) }),
      ])
    return names
  }

  /// The lock lines of `folder` whose blob `blobs` does not hold (each with why, when the store
  /// could not say), sorted by name; empty when every blob is there. Asks with `HEAD`, reading
  /// no golden.
  ///
  /// - Throws: ``GoldenStoreError`` when the folder has no readable lock.
  public static func missingBlobs(_ folder: URL, in blobs: any GoldenBlobStore) throws
    -> [String]
  {
    guard let lock = try GoldenLock.read(in: folder.standardizedFileURL) else {
      throw GoldenStoreError(
        path: folder.appendingPathComponent(GoldenLock.fileName).path, message: "no lock file")
    }
    return lock.entries.keys.sorted().compactMap { name in
      let digest = lock.entries[name]!.sha256
      switch blobs.contains(digest) {
      case .success(true): return nil
      case .success(false): return "\(name): the store has no blob \(digest)"
      case .failure(let error): return "\(name): cannot tell: \(error.message)"
      }
    }
  }

  /// A record's bytes in one form, or nil when they are not a record it can lay out.
  typealias RecordForm = (Data) -> Data?

  /// Rewrites each layout record of `store` in the first of `forms` whose inverse gives its
  /// bytes back exactly, so a move either way is lossless; a record no form gives back is
  /// left as it is.
  private static func rewriteRecords(
    in store: GoldenStore, forms: [(transform: RecordForm, inverse: RecordForm)]
  ) throws {
    for path in try store.folder.layoutRecordPaths() {
      let file = try store.url(for: path)
      guard
        case .bytes(let bytes, _) = BoundedFile.read(
          file.path, maxBytes: LayoutRecord.maxBytes, followsLinks: false)
      else { continue }
      for form in forms {
        guard let rewritten = form.transform(bytes), form.inverse(rewritten) == bytes else {
          continue
        }
        if rewritten != bytes { try store.write(rewritten, to: file) }
        break
      }
    }
  }

  /// A locked folder's form: one line, without the font hashes `fingerprint` holds.
  private static func locked(knowing fingerprint: Fingerprint?) -> RecordForm {
    { bytes in
      LayoutRecord.compactBytesLeavingOutFontHashes(
        StableJSON.compacted(bytes), namedBy: fingerprint)
    }
  }

  /// A folder of images' form: pretty-printed, every font hash named.
  private static func unlocked(knowing fingerprint: Fingerprint?) -> RecordForm {
    { bytes in
      StableJSON.indented(
        LayoutRecord.compactBytesFillingFontHashes(bytes, from: fingerprint))
    }
  }

  /// A PNG's width and height from its IHDR chunk (bytes 16–23, big-endian); nil when `bytes`
  /// do not start as a PNG does.
  static func pixelSize(ofPNG bytes: Data) -> (Int, Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let data = [UInt8](bytes.prefix(24))
    guard data.count == 24, Array(data[0..<8]) == signature,
      data[12...15] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    func number(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }
}

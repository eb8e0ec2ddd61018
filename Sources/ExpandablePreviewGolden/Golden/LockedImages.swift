import ExpandablePreviewSupport
import Foundation

/// Goldens as lines of the snapshots folder's ``GoldenLock``, their bytes in a
/// ``GoldenBlobStore``. A render whose digest is its line's passes without a request; a
/// golden's bytes are fetched only to show a difference, and used only when their size and
/// SHA-256 are the line's. A write uploads first and changes the lock's line after, so a store
/// that refuses it leaves the lock as it was.
struct LockedImages: GoldenImages {
  let folder: GoldenStore.Folder
  /// Where the bytes are; nil when none is set (a pass needs none).
  let blobs: (any GoldenBlobStore)?
  /// The lock as read once for this store and its copies, kept with each write.
  private let table = Locked<Result<GoldenLock, GoldenStoreError>?>(nil)
  /// The stamp of the lock file this store last wrote: while the file has it, no other writer
  /// changed it, and the next write need not read it again.
  private let written = Locked<FileStamp?>(nil)
  /// A run's lines and layout records not yet written (``GoldenStore/batchingLockLines(_:)``):
  /// the lock is written once at its end instead of once per golden; nil outside a run.
  private let pending = Locked<LockBatch?>(nil)
  /// How many times this store (and its copies) wrote the lock file.
  let lockWrites = Locked(0)

  init(folder: GoldenStore.Folder, blobs: (any GoldenBlobStore)?) {
    self.folder = folder
    self.blobs = blobs
  }

  var comparesDigests: Bool { true }

  /// The lock as this store read it first.
  private func lock() -> Result<GoldenLock, GoldenStoreError> {
    table.withLock { table in
      if let table { return table }
      let read: Result<GoldenLock, GoldenStoreError>
      do {
        read = .success(try GoldenLock.read(in: folder.directory) ?? GoldenLock())
      } catch let error as GoldenStoreError {
        read = .failure(error)
      } catch {
        read = .failure(GoldenStoreError(path: lockPath, message: "\(error)"))
      }
      table = read
      return read
    }
  }

  private var lockPath: String { folder.directory.appendingPathComponent(GoldenLock.fileName).path }

  func holds(_ bytes: Data, at path: String) -> Bool {
    guard case .success(let lock) = lock(), let entry = lock.entries[path],
      entry.bytes == bytes.count
    else { return false }
    return SHA256Digest.hex(of: bytes) == entry.sha256
  }

  func recordedDigest(_ path: String) -> String? {
    guard case .success(let lock) = lock() else { return nil }
    return lock.entries[path]?.sha256
  }

  func recordedPixelSize(_ path: String) -> (width: Int, height: Int)? {
    guard case .success(let lock) = lock(), let entry = lock.entries[path] else { return nil }
    return (entry.width, entry.height)
  }

  func read(_ path: String, maxBytes: Int) -> GoldenRead {
    let lock: GoldenLock
    switch self.lock() {
    case .failure(let error): return .unreadable(error.description)
    case .success(let read): lock = read
    }
    guard let entry = lock.entries[path] else { return .absent }
    let named = "the golden's bytes (sha256 \(entry.sha256)) are unavailable"
    guard let blobs else {
      return .unavailable(
        "\(named): no golden store is set (--golden-store URL or "
          + "\(GoldenStore.storeVariable))")
    }
    guard entry.bytes <= maxBytes else {
      return .unreadable(
        "\(lockPath): '\(path)' claims \(entry.bytes) bytes, more than a golden "
          + "of its size may have")
    }
    switch blobs.fetch(entry.sha256, maxBytes: entry.bytes) {
    case .absent:
      return .unavailable(
        "\(named): the store \(blobs) has no such blob (a golden store must not evict)")
    case .unavailable(let reason): return .unavailable("\(named): the store \(blobs): \(reason)")
    case .bytes(let data):
      let digest = SHA256Digest.hex(of: data)
      guard data.count == entry.bytes, digest == entry.sha256 else {
        return .unavailable(
          "\(named): the store \(blobs) gave \(data.count) bytes whose SHA-256 is \(digest); "
            + "they were not used")
      }
      return .bytes(data)
    }
  }

  func write(_ bytes: Data, at path: String, width: Int, height: Int) throws {
    guard !path.contains(where: \.isNewline) else {
      throw GoldenStoreError(
        path: path, message: "a locked golden's name may not hold a line break")
    }
    guard let blobs else {
      throw GoldenStoreError(
        path: path,
        message: "cannot record into \(lockPath): no golden store is set (--golden-store URL or "
          + "\(GoldenStore.storeVariable))")
    }
    let digest = SHA256Digest.hex(of: bytes)
    try blobs.upload(bytes, as: digest)
    try change(
      path,
      to: GoldenLock.Entry(
        sha256: digest, bytes: bytes.count, width: width, height: height))
  }

  func paths() throws -> [String] {
    try lock().get().entries.keys.sorted()
  }

  func remove(_ path: String) throws {
    try change(path, to: nil)
  }

  /// Sets the line of `path` (nil: removes it): at once, or in a run, kept for its end (the
  /// lock as read for this store says it meanwhile).
  private func change(_ path: String, to entry: GoldenLock.Entry?) throws {
    _ = lock()
    let kept = pending.withLock { batch in
      guard batch != nil else { return false }
      batch!.lines.updateValue(entry, forKey: path)
      return true
    }
    guard kept else { return try change { $0.entries[path] = entry } }
    table.withLock { table in
      guard case .success(var lock)? = table else { return }
      lock.entries[path] = entry
      table = .success(lock)
    }
  }

  /// Starts keeping lines and layout records for one write at the end (``endBatch()``).
  func beginBatch() { pending.withLock { if $0 == nil { $0 = LockBatch() } } }

  /// Keeps a layout record for the end of the run, when one is going on: written after the
  /// lock, so a run stopped before its end leaves the old lines beside the old records.
  func deferWrite(_ bytes: Data, to file: URL) -> Bool {
    pending.withLock { batch in
      guard batch != nil else { return false }
      batch!.records.append((file, bytes))
      return true
    }
  }

  /// Writes the run's lines into the lock at once (atomically, onto the file as it is now),
  /// then its layout records, and stops keeping them.
  func endBatch() throws {
    guard
      let batch = pending.withLock({ batch in
        defer { batch = nil }
        return batch
      })
    else {
      return
    }
    if !batch.lines.isEmpty {
      try change { lock in
        for (path, entry) in batch.lines { lock.entries[path] = entry }
      }
    }
    for (file, bytes) in batch.records { try folder.write(bytes, to: file) }
  }

  /// Applies `edit` to the lock as the file holds it now (another process may have written
  /// lines since it was read) and writes it back atomically, holding the folder's lock.
  private func change(_ edit: (inout GoldenLock) -> Void) throws {
    try table.withLock { table in
      try FolderLock.withLock(folder.directory) {
        var lock: GoldenLock
        let stamp = try? FolderHandle(path: folder.directory.path).stamp(
          ofFile: GoldenLock.fileName)
        if case .success(let kept)? = table, let stamp, stamp == written.withLock({ $0 }) {
          lock = kept
        } else {
          lock = try GoldenLock.read(in: folder.directory) ?? GoldenLock()
        }
        edit(&lock)
        let newStamp = try lock.write(in: folder.directory)
        lockWrites.withLock { $0 += 1 }
        written.withLock { $0 = newStamp }
        table = .success(lock)
      }
    }
  }
}

/// What a run recording into a lock keeps for its end: each golden's new line (nil removes
/// it) and the layout records written with them.
struct LockBatch {
  var lines: [String: GoldenLock.Entry?] = [:]
  var records: [(URL, Data)] = []
}

import Foundation

/// The process's one cache of file hashes, by path, under ``FileDigest``'s staleness rule: the
/// job keys' input hashes and the fingerprint's font files ask it both, so a fresh `verify`
/// reads each font file once (it read the 93 MB of the standard set twice). With a
/// ``DigestStore`` it also asks and tells the user's digests kept between processes, so a run
/// into an empty output folder does not read the font files again.
package final class FileDigestCache: Sendable {
  /// The cache the tool's runs share, with the user's store (``DigestStore/user(environment:)``).
  package static let shared = FileDigestCache(store: DigestStore.user())

  private let reader: @Sendable (String) throws(FileDigestError) -> FileDigest
  private let digests = Locked([String: FileDigest]())
  private let store: DigestStore?

  /// A cache that reads files with `reader` (tests count reads through it) and keeps settled
  /// digests in `store` too.
  package init(
    reader: @escaping @Sendable (String) throws(FileDigestError) -> FileDigest = FileDigest.read,
    store: DigestStore? = nil
  ) {
    self.reader = reader
    self.store = store
  }

  /// Writes the digests read since into the store (one write for a run's files).
  package func save() { store?.save() }

  /// The digest of the file at `path`: `known` (a record's) or the one this cache read before
  /// while it still describes the file, else the file read again. A digest read now is kept
  /// when its stamp is settled at `now` (``FileStamp/isSettled(readAt:)``).
  ///
  /// - Parameter now: when the caller's run started (``FileStamp/currentNanoseconds()``).
  /// - Throws: ``FileDigestError`` naming a file that cannot be read.
  package func digest(ofFile path: String, known: FileDigest? = nil, now: Int64)
    throws(FileDigestError) -> FileDigest
  {
    var status = stat()
    if stat(path, &status) == 0 {
      let current = FileStamp(status)
      if let known, known.stillDescribes(current) { return known }
      if let kept = digests.withLock({ $0[path] }), kept.stillDescribes(current) { return kept }
      if let stored = store?.digest(of: path), stored.stillDescribes(current) {
        digests.withLock { $0[path] = stored }
        return stored
      }
    }
    let digest = try reader(path)
    if digest.stamp.isSettled(readAt: now) {
      digests.withLock { $0[path] = digest }
      store?.add(digest, of: path)
    }
    return digest
  }
}

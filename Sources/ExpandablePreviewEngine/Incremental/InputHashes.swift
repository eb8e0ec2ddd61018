import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The SHA-256 of the files every job key is made of (the font set's files), each with the
/// stamp its file had when it was read. The render record keeps them, so a run reads only the
/// files whose stamp changed: reading them all took most of an unchanged run.
package struct InputHashes: Codable, Sendable, Equatable {
  typealias Entry = FileDigest

  /// By absolute path.
  var files: [String: Entry] = [:]

  /// The SHA-256 of each file of `paths`, in order, from `cache` (the recorded digest when it
  /// still describes the file, else the cache's, else read again; the files are spread over
  /// the cores; ``FileDigestCache/shared`` keeps them for the user's next runs too: a run into
  /// an empty output folder has no record). `kept` holds an entry for each file whose stamp was settled when it was read.
  ///
  /// - Parameter now: when the run started (``FileStamp/currentNanoseconds()``).
  /// - Throws: ``FileDigestError`` naming a file that cannot be read.
  func hashes(of paths: [String], now: Int64, cache: FileDigestCache = .shared) throws
    -> (hashes: [String], kept: InputHashes)
  {
    let unique = Set(paths).sorted()
    let found = Locked<[String: Result<Entry, FileDigestError>]>([:])
    DispatchQueue.concurrentPerform(iterations: unique.count) { index in
      let path = unique[index]
      let result: Result<Entry, FileDigestError>
      do throws(FileDigestError) {
        result = .success(try cache.digest(ofFile: path, known: files[path], now: now))
      } catch {
        result = .failure(error)
      }
      found.withLock { $0[path] = result }
    }
    // The digests read now are kept for the user's next run too (one write).
    cache.save()
    var kept = InputHashes()
    var hashes: [String: String] = [:]
    for (path, result) in found.withLock({ $0 }) {
      let entry = try result.get()
      hashes[path] = entry.sha256
      if files[path] == entry || entry.stamp.isSettled(readAt: now) { kept.files[path] = entry }
    }
    return (paths.map { hashes[$0]! }, kept)
  }
}

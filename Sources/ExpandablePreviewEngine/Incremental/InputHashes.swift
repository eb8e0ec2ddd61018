import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The SHA-256 of the files every job key is made of (the font set's files), each with the
/// stamp its file had when it was read. The render record keeps them, so a run reads only the
/// files whose stamp changed: reading them all took most of an unchanged run.
package struct InputHashes: Codable, Sendable, Equatable {
  struct Entry: Codable, Sendable, Equatable {
    var stamp: FileStamp
    var sha256: String
  }

  /// By absolute path.
  var files: [String: Entry] = [:]

  /// The SHA-256 of each file of `paths`, in order: the recorded one when the file's stamp is
  /// still the one recorded, else read again (the files to read are spread over the cores).
  /// `kept` holds an entry for each file whose stamp was settled when it was read.
  ///
  /// - Parameter now: when the run started (``FileStamp/currentNanoseconds()``).
  /// - Throws: ``InputFileError`` naming a file that cannot be read.
  func hashes(of paths: [String], now: Int64) throws -> (hashes: [String], kept: InputHashes) {
    var found: [String: Entry] = [:]
    for path in Set(paths) {
      var status = stat()
      if stat(path, &status) == 0, let entry = files[path], entry.stamp == FileStamp(status) {
        found[path] = entry
      }
    }
    let unread = Set(paths).filter { found[$0] == nil }.sorted()
    let read = Locked<[String: Result<Entry, InputFileError>]>([:])
    DispatchQueue.concurrentPerform(iterations: unread.count) { index in
      let path = unread[index]
      let result: Result<Entry, InputFileError>
      do throws(InputFileError) {
        result = .success(try Self.read(path))
      } catch {
        result = .failure(error)
      }
      read.withLock { $0[path] = result }
    }
    var kept = InputHashes()
    for (path, result) in read.withLock({ $0 }) {
      let entry = try result.get()
      found[path] = entry
      if entry.stamp.isSettled(readAt: now) { kept.files[path] = entry }
    }
    for (path, entry) in found where files[path] == entry { kept.files[path] = entry }
    return (paths.map { found[$0]!.sha256 }, kept)
  }

  /// Reads and hashes the file at `path`, 1 MiB at a time (`read(2)` itself: Foundation's
  /// `FileHandle` read 4 KiB a call, 25,000 calls for the standard fonts), with its stamp
  /// from before the first byte was read.
  static func read(_ path: String) throws(InputFileError) -> Entry {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw InputFileError(path: path, message: "cannot open file") }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0 else {
      throw InputFileError(path: path, message: "cannot read the file's status")
    }
    let digest = SHA256Digest()
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        SystemCall.retryingInterrupts { Foundation.read(file, bytes.baseAddress, bytes.count) }
      }
      guard count >= 0 else {
        throw InputFileError(path: path, message: "cannot read: \(SystemReason.current)")
      }
      if count == 0 { break }
      digest.update(buffer[0..<count])
    }
    return Entry(stamp: FileStamp(status), sha256: digest.hex())
  }
}

/// A file a job key is made of that cannot be read.
struct InputFileError: Error, Sendable, CustomStringConvertible {
  var path: String
  var message: String
  var description: String { "\(path): \(message)" }
}

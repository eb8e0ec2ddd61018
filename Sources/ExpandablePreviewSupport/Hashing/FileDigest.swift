import Foundation

/// A file's SHA-256 with the stamp (``FileStamp``) the file had before its first byte was read.
package struct FileDigest: Codable, Sendable, Equatable {
  package var stamp: FileStamp
  package var sha256: String

  /// A digest as a record stores it.
  package init(stamp: FileStamp, sha256: String) {
    self.stamp = stamp
    self.sha256 = sha256
  }

  /// The one staleness rule of file hashes (the render record's input hashes and the
  /// fingerprint's font files alike): a digest read before still stands for the file while
  /// the file's stamp — device, inode, size, modification and status-change times in
  /// nanoseconds — is the one it had when read, and only a digest whose stamp was settled when
  /// it was read (``FileStamp/isSettled(readAt:)``) is kept for later.
  package func stillDescribes(_ current: FileStamp) -> Bool { stamp == current }

  /// Reads and hashes the file at `path`, 1 MiB per `read(2)` (Foundation's `FileHandle` read
  /// 4 KiB a call, 25,000 calls for the standard fonts), with its stamp from before the first
  /// byte was read.
  ///
  /// - Throws: ``FileDigestError`` naming the file.
  package static func read(_ path: String) throws(FileDigestError) -> FileDigest {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else {
      throw FileDigestError(path: path, message: "cannot open file: \(SystemReason.current)")
    }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0 else {
      throw FileDigestError(path: path, message: "cannot read the file's status")
    }
    let digest = SHA256Digest()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = SystemCall.retryingInterrupts {
        Foundation.read(file, buffer.baseAddress, buffer.count)
      }
      guard count >= 0 else {
        throw FileDigestError(path: path, message: "cannot read: \(SystemReason.current)")
      }
      if count == 0 { break }
      digest.update(buffer.baseAddress, count: count)
    }
    return FileDigest(stamp: FileStamp(status), sha256: digest.hex())
  }
}

/// A file whose digest cannot be read.
package struct FileDigestError: Error, Sendable, CustomStringConvertible {
  package var path: String
  package var message: String
  package var description: String { "\(path): \(message)" }

  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }
}

import Foundation

/// Writes files so that a reader sees either the old file or the complete new one.
public enum AtomicFile {
  /// Writes `data` to a temporary file in `url`'s folder, then renames it over `url`.
  /// The temporary file is removed if anything fails, so a full disk or a file size limit
  /// leaves no partial file behind, under either name.
  ///
  /// - Throws: ``AtomicFileError`` naming the file and the system's reason.
  public static func write(_ data: Data, to url: URL) throws(AtomicFileError) {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw AtomicFileError(path: url.path, code: errno) }
    var failure: Int32? = nil
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if close(descriptor) != 0 && failure == nil { failure = errno }
    if failure == nil && rename(temporary.path, url.path) != 0 { failure = errno }
    if let failure {
      unlink(temporary.path)
      throw AtomicFileError(path: url.path, code: failure)
    }
  }
}

/// A file could not be written; says which and why (`strerror`), naming a full disk plainly.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
  public let path: String
  /// The `errno` value of the call that failed.
  public let code: Int32

  public var description: String {
    let reason = String(cString: strerror(code))
    switch code {
    case ENOSPC: return "cannot write '\(path)': the disk is full (\(reason))"
    case EFBIG: return "cannot write '\(path)': file size limit reached (\(reason))"
    default: return "cannot write '\(path)': \(reason)"
    }
  }
}

import Foundation

/// Writes files so that a reader sees either the old file or the complete new one.
package enum AtomicFile {
  /// Writes `data` to a temporary file in `url`'s folder, then renames it over `url`.
  /// The temporary file is removed if anything fails, so a full disk or a file size limit
  /// leaves no partial file behind, under either name.
  ///
  /// - Throws: ``AtomicFileError`` naming the file and the system's reason.
  package static func write(_ data: Data, to url: URL) throws(AtomicFileError) {
    let folder: FolderHandle
    do throws(FolderError) {
      folder = try FolderHandle(path: url.deletingLastPathComponent().path)
    } catch {
      throw AtomicFileError(path: url.path, code: error.code)
    }
    try folder.write(data, to: url.lastPathComponent)
  }
}

/// A file could not be written; says which and why (`strerror`), naming a full disk plainly.
package struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
  package let path: String
  /// The `errno` value of the call that failed.
  package let code: Int32

  package var description: String {
    let reason = SystemReason.of(code: code)
    switch code {
    case ENOSPC: return "cannot write '\(path)': the disk is full (\(reason))"
    case EFBIG: return "cannot write '\(path)': file size limit reached (\(reason))"
    default: return "cannot write '\(path)': \(reason)"
    }
  }
}

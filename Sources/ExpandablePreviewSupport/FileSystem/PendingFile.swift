import Foundation

/// A file written piece by piece under a temporary name in its folder and given its name only
/// by ``commit()`` (`renameat`), as ``FolderHandle/write(_:to:)`` writes a whole one: bytes
/// that arrive as a stream are written as they come, and a caller that finds them wrong
/// (a digest that does not match) drops them with ``discard()``, so nothing unchecked is ever
/// under the name. Owns the temporary file's descriptor; one not committed is removed when
/// the value goes.
package final class PendingFile {
  private let folder: FolderHandle
  private let name: String
  private let temporary: String
  private var descriptor: Int32
  /// The first write's failure (`errno`), reported by ``commit()``.
  private var failure: Int32? = nil

  /// A temporary file in `folder` for the file `name`.
  package init(_ name: String, in folder: FolderHandle) throws(AtomicFileError) {
    (descriptor, temporary) = try folder.createTemporary(for: name)
    self.folder = folder
    self.name = name
  }

  deinit { discard() }

  /// Appends `bytes` (a failure is kept for ``commit()``).
  package func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil, descriptor >= 0, !bytes.isEmpty else { return }
    failure = SystemCall.writeAll(descriptor, bytes)
  }

  /// Renames the file to its name and closes it.
  /// - Returns: its stamp, taken on the tool's own descriptor after the rename.
  /// - Throws: the first failure of a write, the rename or the close, naming the file; the
  ///   temporary file is then removed.
  @discardableResult
  package func commit() throws(AtomicFileError) -> FileStamp {
    var failure = self.failure ?? (descriptor < 0 ? EBADF : nil)
    if failure == nil,
      renameat(folder.descriptor, temporary, folder.descriptor, name) != 0
    {
      failure = errno
    }
    var status = stat()
    if failure == nil && fstat(descriptor, &status) != 0 { failure = errno }
    if descriptor >= 0 && close(descriptor) != 0 && failure == nil {
      failure = errno
      unlinkat(folder.descriptor, name, 0)
    }
    descriptor = -1
    if let failure {
      unlinkat(folder.descriptor, temporary, 0)
      throw AtomicFileError(path: folder.path(of: name), code: failure)
    }
    return FileStamp(status)
  }

  /// Closes and removes the temporary file; nothing is left under either name.
  package func discard() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
    unlinkat(folder.descriptor, temporary, 0)
  }
}

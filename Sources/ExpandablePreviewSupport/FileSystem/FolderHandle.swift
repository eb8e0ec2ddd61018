import Foundation
import Synchronization

/// Owns the descriptor of an open folder (`open(O_DIRECTORY)`, closed in `deinit`). Folders
/// inside it are opened relative to it with `openat(O_NOFOLLOW)` and files are written through
/// it, so a symbolic link planted in an output or snapshots folder can never send a write
/// outside. The descriptor is only read after `init`, so threads may share a handle.
package final class FolderHandle: @unchecked Sendable {
  let descriptor: Int32
  /// The folder's path, for messages.
  package let path: String

  /// Opens the folder at `path`; a link there is followed (the user named this folder).
  package init(path: String) throws(FolderError) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FolderError(path: path, code: errno, isLink: false) }
    self.descriptor = descriptor
    self.path = path
  }

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { close(descriptor) }

  private static let processID = getpid()
  private static let temporaryCount = Atomic<UInt64>(0)

  /// The folder `name` inside this one (created first when `create` is set), never through a
  /// symbolic link.
  package func subfolder(_ name: String, create: Bool = true) throws(FolderError) -> FolderHandle {
    let childPath = path(of: name)
    let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    // Opened first: a run opens each item's folder several times and creates it once.
    var child = openat(descriptor, name, flags)
    if child < 0 && errno == ENOENT && create {
      if mkdirat(descriptor, name, 0o755) != 0 && errno != EEXIST {
        throw FolderError(path: childPath, code: errno, isLink: false)
      }
      child = openat(descriptor, name, flags)
    }
    guard child >= 0 else {
      let code = errno
      var status = stat()
      let isLink =
        fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
        && status.st_mode & S_IFMT == S_IFLNK
      throw FolderError(path: childPath, code: code, isLink: isLink)
    }
    return FolderHandle(descriptor: child, path: childPath)
  }

  /// Makes sure the folder `name` is in this folder, never through a symbolic link: created
  /// (`mkdirat`, one system call, which never follows a link), or found there as a real folder
  /// (opened with `O_NOFOLLOW` and closed). `likelyPresent` looks for it first (two calls
  /// when it is there, instead of a failed `mkdirat` and those two).
  ///
  /// - Returns: whether it was created by this call (empty, so a file in it is known absent).
  package func ensureSubfolder(_ name: String, likelyPresent: Bool = false) throws(FolderError)
    -> Bool
  {
    if likelyPresent, (try? subfolder(name, create: false)) != nil { return false }
    if mkdirat(descriptor, name, 0o755) == 0 { return true }
    guard errno == EEXIST else {
      let childPath = path(of: name)
      throw FolderError(path: childPath, code: errno, isLink: false)
    }
    _ = try subfolder(name, create: false)
    return false
  }

  /// The folder at the `/`-separated `relativePath` below this one, created as needed.
  package func subfolder(path relativePath: some StringProtocol) throws(FolderError) -> FolderHandle
  {
    var folder = self
    for part in relativePath.split(separator: "/") { folder = try folder.subfolder(String(part)) }
    return folder
  }

  /// The first `limit` bytes of the regular file `name` in this folder, never through a
  /// symbolic link; nil when there is no such file (or it cannot be read). The memory taken
  /// follows the file's size, not `limit` (a byte past the size shows that it grew).
  package func prefix(ofFile name: String, limit: Int) -> Data? {
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var data = Data()
    var piece = [UInt8](repeating: 0, count: max(1, min(limit, Int(status.st_size) + 1, 1 << 20)))
    while data.count < limit {
      let count = read(file, &piece, min(piece.count, limit - data.count))
      guard count >= 0 else { return nil }
      guard count > 0 else { break }
      data.append(contentsOf: piece[..<count])
    }
    return data
  }

  /// The whole regular file `name` in this folder, never through a symbolic link; nil when
  /// there is no such file (or it cannot be read).
  package func contents(ofFile name: String) -> Data? {
    stampedContents(ofFile: name)?.data
  }

  /// The stamp of the regular file `name` in this folder (`fstatat`, not following a link);
  /// nil when there is no such file.
  package func stamp(ofFile name: String) -> FileStamp? {
    stamp(ofFileAt: name)
  }

  /// ``stamp(ofFile:)`` of a name given as C text (a record's bytes, not made into a string).
  package func stamp(ofFileAt name: UnsafePointer<CChar>) -> FileStamp? {
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
      status.st_mode & S_IFMT == S_IFREG
    else { return nil }
    return FileStamp(status)
  }

  /// The whole regular file `name` in this folder with the stamp it had when it was opened
  /// (`fstat` of the descriptor read), never through a symbolic link; nil when there is no
  /// such file (or it cannot be read).
  package func stampedContents(ofFile name: String) -> (data: Data, stamp: FileStamp)? {
    let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var data = Data(count: Int(status.st_size))
    let read = data.withUnsafeMutableBytes { SystemCall.readFully(file, into: $0) }
    // Shorter than its size: it shrank while read.
    guard case .success(let count) = read, count == data.count else { return nil }
    return (data, FileStamp(status))
  }

  /// The regular file `name` in this folder with its stamp, never through a symbolic link and
  /// never more than `maxBytes` of it (``BoundedFile``); messages call it `naming` (its path
  /// by default) and say `limit` of a file too large.
  package func contents(
    ofFile name: String, maxBytes: Int, naming: String? = nil, limit: String? = nil
  ) -> BoundedFile.Contents {
    BoundedFile.read(
      name, inFolder: descriptor, path: naming ?? path(of: name), maxBytes: maxBytes,
      limit: limit)
  }

  /// The path of the file `name` in this folder, for messages.
  package func path(of name: String) -> String {
    path.hasSuffix("/") ? path + name : path + "/" + name
  }

  /// Feeds the regular file `name` in this folder to `body` 1 MiB at a time
  /// (``BoundedFile/stream(_:inFolder:maxBytes:_:)``): its stamp, or nil when it is not read.
  package func stream(ofFile name: String, maxBytes: Int, _ body: (Data) -> Void) -> FileStamp? {
    BoundedFile.stream(name, inFolder: descriptor, maxBytes: maxBytes, body)
  }

  /// Removes the file (not a folder) `name` in this folder (`unlinkat`; a link is removed, not
  /// followed). Returns whether it was removed.
  @discardableResult package func removeFile(_ name: String) -> Bool {
    unlinkat(descriptor, name, 0) == 0
  }

  /// Removes the folder `name` in this folder if it is empty (`unlinkat(AT_REMOVEDIR)`).
  @discardableResult package func removeEmptyFolder(_ name: String) -> Bool {
    unlinkat(descriptor, name, AT_REMOVEDIR) == 0
  }

  /// A new temporary file in this folder for a file to be named `name`, open for writing,
  /// and its name.
  func createTemporary(for name: String) throws(AtomicFileError) -> (Int32, String) {
    var temporary = ""
    var file: Int32 = -1
    // The process's id and a counter name the temporary file (no system call per name); one
    // left by an earlier process of that id only moves the counter on.
    repeat {
      temporary =
        ".\(name).\(Self.processID).\(Self.temporaryCount.add(1, ordering: .relaxed).newValue).tmp"
      file = openat(
        descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    } while file < 0 && errno == EEXIST
    guard file >= 0 else { throw AtomicFileError(path: path(of: name), code: errno) }
    return (file, temporary)
  }

  /// Writes `data` to a temporary file in this folder, then renames it over `name`
  /// (`renameat`, which replaces a link at `name` rather than following it). The temporary file
  /// is removed if anything fails, so a full disk leaves no partial file under either name.
  ///
  /// - Returns: the written file's stamp, taken on the tool's own descriptor after the rename
  ///   (which sets its status-change time), so it is the file holding `data` whatever another
  ///   program does to the name meanwhile.
  @discardableResult
  package func write(_ data: Data, to name: String) throws(AtomicFileError) -> FileStamp {
    let target = path(of: name)
    let (file, temporary) = try createTemporary(for: name)
    var failure = data.withUnsafeBytes { SystemCall.writeAll(file, $0) }
    if failure == nil && renameat(descriptor, temporary, descriptor, name) != 0 { failure = errno }
    var status = stat()
    if failure == nil && fstat(file, &status) != 0 { failure = errno }
    if close(file) != 0 && failure == nil {
      failure = errno
      unlinkat(descriptor, name, 0)
    }
    if let failure {
      unlinkat(descriptor, temporary, 0)
      throw AtomicFileError(path: target, code: failure)
    }
    return FileStamp(status)
  }
}

/// A folder could not be opened or created; says which and why, and says so plainly when the
/// reason is a symbolic link that was refused.
package struct FolderError: Error, Sendable, CustomStringConvertible {
  package let path: String
  /// The `errno` value of the call that failed.
  package let code: Int32
  package let isLink: Bool

  package var description: String {
    isLink
      ? "refused to follow the symbolic link '\(path)': output folders must be real folders, "
        + "so nothing is written outside"
      : "cannot create or open folder '\(path)': \(SystemReason.of(code: code))"
  }
}

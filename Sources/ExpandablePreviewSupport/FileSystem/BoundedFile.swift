import Foundation

/// Reads a file named by an untrusted path or record without trusting what it names: the file
/// is opened once, non-blocking (a FIFO cannot hang the run), anything but a regular file is
/// refused before a byte is read (a device such as /dev/zero would never end), and no more
/// than a limit is ever read, checked while reading (a file may grow after it was examined).
package enum BoundedFile {
  package enum Contents: Sendable {
    /// No file at the path (a dangling symbolic link counts as none).
    case absent
    case bytes(Data, FileStamp)
    /// Something is there that cannot be read as a file of its kind; the reason in plain words.
    case unreadable(String)
  }

  /// Reads the file at `path`, refusing one larger than `maxBytes` before reading a byte of it.
  /// A symbolic link there is followed (the user named it) unless `followsLinks` is false
  /// (a path a record or a blob names).
  /// - Parameters:
  ///   - name: what messages call the file (`'t.txt'`, "the manifest"); the path by default.
  ///   - limit: the words after "has more than N bytes, " for a file over `maxBytes`.
  ///   - accept: a check of the regular file just opened, before it is read: nil to read it,
  ///     or the reason it is refused (the file's real place, say).
  package static func read(
    _ path: String, maxBytes: Int, naming name: String? = nil, limit: String? = nil,
    followsLinks: Bool = true, accept: (_ descriptor: Int32) -> String? = { _ in nil }
  ) -> Contents {
    let noFollow = followsLinks ? 0 : O_NOFOLLOW
    return read(
      open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | noFollow),
      Naming(name: name ?? path, limit: limit, followsLinks: followsLinks), maxBytes: maxBytes,
      accept: accept)
  }

  /// Reads the file `name` in the folder open at `folder`, never through a symbolic link;
  /// messages call it `path`.
  package static func read(
    _ name: String, inFolder folder: Int32, path: String, maxBytes: Int, limit: String? = nil
  ) -> Contents {
    read(
      openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW),
      Naming(name: path, limit: limit, followsLinks: false), maxBytes: maxBytes,
      accept: { _ in nil })
  }

  /// How a read's messages call the file and its limit, and whether its open followed links.
  private struct Naming {
    var name: String
    var limit: String?
    var followsLinks: Bool
  }

  /// Reads through `descriptor` (just opened, or negative with `errno` set), then closes it.
  private static func read(
    _ descriptor: Int32, _ naming: Naming, maxBytes: Int, accept: (Int32) -> String?
  ) -> Contents {
    let path = naming.name
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .absent }
      // A folder cannot be opened for reading on some systems; say what it is.
      if code == EISDIR { return .unreadable("\(path) is a folder, not a regular file") }
      // Without O_NOFOLLOW, ELOOP is a loop of links, worded by strerror.
      if code == ELOOP && !naming.followsLinks {
        return .unreadable("\(path) is a symbolic link, not a regular file")
      }
      return .unreadable("cannot open \(path): \(SystemReason.of(code: code))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .unreadable("cannot examine \(path): \(SystemReason.current)")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .unreadable("\(path) is \(kind(of: status.st_mode)), not a regular file")
    }
    if let refusal = accept(descriptor) { return .unreadable(refusal) }
    let tooLarge =
      "\(path) has more than \(maxBytes) bytes, "
      + "\(naming.limit ?? "the most a file of its kind can need here"); it is not read"
    guard Int(status.st_size) <= maxBytes else { return .unreadable(tooLarge) }
    var data = Data(count: Int(status.st_size))
    var filled = 0
    while true {
      if filled == data.count {
        guard filled < maxBytes + 1 else { return .unreadable(tooLarge) }
        data.count = min(filled + 65_536, maxBytes + 1)
      }
      let read = data.withUnsafeMutableBytes { buffer in
        SystemCall.readFully(
          descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      }
      switch read {
      case .failure(let error): return .unreadable("cannot read \(path): \(error)")
      case .success(let count):
        filled += count
        // A short read is the end of the file.
        if filled < data.count {
          data.count = filled
          return .bytes(data, FileStamp(status))
        }
      }
    }
  }

  /// Feeds the regular file `name` in the folder open at `folder` to `body` 1 MiB at a time
  /// (never through a link); its stamp from before the first byte, or nil when it is not a
  /// regular file, cannot be read, or has more than `maxBytes` bytes.
  package static func stream(
    _ name: String, inFolder folder: Int32, maxBytes: Int, _ body: (Data) -> Void
  ) -> FileStamp? {
    let descriptor = openat(folder, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) <= maxBytes
    else { return nil }
    var chunk = Data(count: 1 << 20)
    var total = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        SystemCall.retryingInterrupts {
          Foundation.read(descriptor, buffer.baseAddress!, buffer.count)
        }
      }
      guard count >= 0 else { return nil }
      if count == 0 { return FileStamp(status) }
      total += count
      guard total <= maxBytes else { return nil }
      body(chunk.prefix(count))
    }
  }

  /// "a folder", "a FIFO (named pipe)", … for a `stat` mode that is not a regular file.
  package static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "something other than a regular file"
    }
  }
}

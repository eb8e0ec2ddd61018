import Foundation

/// Reads a golden's bytes without trusting what the path names: the file is opened once,
/// non-blocking (a FIFO cannot hang the run), and anything but a regular file is refused
/// before a byte is read (a device such as /dev/zero would never end).
enum GoldenFile {
  enum Contents {
    /// No file at the path (a dangling symbolic link counts as none).
    case absent
    case bytes(Data)
    /// Something is there that cannot be a golden; the reason in plain words.
    case unreadable(String)
  }

  /// The most bytes a fingerprint may have: far more than any font list needs.
  static let maxFingerprintBytes = 64 << 20

  /// The most bytes a golden of `pixels` pixels in `frames` frames may have: twice the
  /// uncompressed size of RGBA rows with their filter bytes, plus 64 MiB for chunks of other
  /// kinds. A PNG of a larger image than the one compared compresses text far below this, so
  /// only a padded or hostile file reaches it.
  static func maxGoldenBytes(width: Int, height: Int, frames: Int = 1) -> Int {
    let (raw, overflow) = ((width * 4 + 1) * height).multipliedReportingOverflow(by: 2 * frames)
    return overflow ? Int.max : raw.addingReportingOverflow(64 << 20).partialValue
  }

  /// Reads the file at `url`, refusing one larger than `maxBytes` before reading a byte of it
  /// (a golden sparse-padded to gigabytes was read whole).
  static func read(_ url: URL, maxBytes: Int) -> Contents {
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .absent }
      // A folder cannot be opened for reading on some systems; say what it is.
      if code == EISDIR { return .unreadable("\(url.path) is a folder, not a regular file") }
      return .unreadable("cannot open \(url.path): \(String(cString: strerror(code)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .unreadable("cannot examine \(url.path): \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .unreadable("\(url.path) is \(kind(of: status.st_mode)), not a regular file")
    }
    let tooLarge =
      "\(url.path) has more than \(maxBytes) bytes, the most a file of its kind can need here; "
      + "it is not read"
    guard Int(status.st_size) <= maxBytes else { return .unreadable(tooLarge) }
    var data = Data(count: Int(status.st_size))
    var filled = 0
    while true {
      // A file that grows while it is read is still read up to the limit only.
      if filled == data.count {
        guard filled < maxBytes + 1 else { return .unreadable(tooLarge) }
        data.count = min(filled + 65_536, maxBytes + 1)
      }
      let count = data.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .unreadable("cannot read \(url.path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return .bytes(data)
  }

  /// "a folder", "a FIFO (named pipe)", … for a `stat` mode that is not a regular file.
  private static func kind(of mode: mode_t) -> String {
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

import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// Reads an item's `textFile`, refusing what a manifest must not reach: files outside the
/// manifest's folder (through `..` or a symbolic link), folders, and files too large to read.
/// A text over the render limit (1 MiB) is read and then fails its own item at render time, as
/// an inline `text` does; only a file far beyond it is refused here, to protect memory.
enum TextFile {
  /// The largest file read at all.
  static let readLimit = 64 << 20

  /// Opens the file once, then checks what was opened: its real path (from
  /// `/proc/self/fd`), its type and size, and reads that same descriptor. Checking the name and
  /// opening it again would let a folder swapped for a link in between lead outside.
  static func read(_ url: URL, inside folder: URL) throws(TextFileProblem) -> Data {
    // Non-blocking, so a FIFO cannot hang the open; it is refused below as not a regular file.
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .missing(looked: url.path) }
      throw .unopenable(looked: url.path, reason: String(cString: strerror(code)))
    }
    defer { close(descriptor) }
    guard let opened = realPath(of: descriptor) else {
      throw .unreadable(looked: url.path)
    }
    let base = folder.resolvedPath
    guard opened == base || opened.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
      throw .outside(resolved: opened)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(looked: url.path) }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .folder
    default: throw .notRegular
    }
    guard status.st_size <= readLimit else { throw .tooLarge(bytes: Int(status.st_size)) }
    return try readAll(descriptor, looked: url.path)
  }

  /// The path the kernel has for an open descriptor (`readlink` of `/proc/self/fd/N`).
  private static func realPath(of descriptor: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Every byte of a regular file, at most ``readLimit`` (a file growing while read is cut
  /// there and refused).
  private static func readAll(_ descriptor: Int32, looked: String) throws(TextFileProblem) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw .unreadable(looked: looked) }
      if count == 0 { return data }
      data.append(contentsOf: chunk[..<count])
      guard data.count <= readLimit else { throw .tooLarge(bytes: data.count) }
    }
  }
}

/// Why a `textFile` was refused; the message follows the file's name.
enum TextFileProblem: Error, CustomStringConvertible {
  case outside(resolved: String)
  case missing(looked: String)
  case folder
  case tooLarge(bytes: Int)
  case unreadable(looked: String)
  case unopenable(looked: String, reason: String)
  case notRegular

  var description: String {
    switch self {
    case .outside(let resolved):
      "is outside the manifest's folder (it resolves to \(resolved))"
    case .missing(let looked): "does not exist (looked at \(looked))"
    case .folder: "is a folder, not a text file"
    case .tooLarge(let bytes):
      "is \(bytes) bytes, far over the \(RenderLimits.maxTextBytes)-byte text limit; not read"
    case .unreadable(let looked): "cannot be read (looked at \(looked))"
    case .unopenable(let looked, let reason): "cannot be opened: \(reason) (looked at \(looked))"
    case .notRegular: "is not a regular file (a FIFO, socket or device); not read"
    }
  }
}

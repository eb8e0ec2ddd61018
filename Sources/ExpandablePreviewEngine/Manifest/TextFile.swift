import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// Reads an item's `textFile`, refusing what a manifest must not reach: files outside the
/// manifest's folder (through `..` or a symbolic link), anything but a regular file, and files
/// too large to read. A text over the render limit (1 MiB) is read and then fails its own item
/// at render time, as an inline `text` does; only a file far beyond it is refused here, to
/// protect memory.
enum TextFile {
  /// The largest file read at all.
  static let readLimit = 64 << 20

  /// Reads through ``BoundedFile`` (opened once, non-blocking, regular files only, bounded
  /// while reading), checking the opened descriptor's real path (from `/proc/self/fd`) before
  /// a byte is read: checking the name and opening it again would let a folder swapped for a
  /// link in between lead outside.
  /// - Parameter written: the path as the manifest writes it, for messages.
  /// - Returns: the bytes and the stamp the file had when it was opened.
  static func read(_ url: URL, written: String, inside folder: URL) throws(TextFileProblem)
    -> (data: Data, stamp: FileStamp)
  {
    var outside: String? = nil
    let contents = BoundedFile.read(
      url.path, maxBytes: readLimit, naming: "'\(written)'",
      limit: "far over the \(RenderLimits.maxTextBytes)-byte text limit"
    ) { descriptor in
      guard let opened = realPath(of: descriptor) else {
        return "'\(written)' cannot be read: its real place is unknown (looked at \(url.path))"
      }
      let base = folder.resolvedPath
      guard opened == base || opened.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
        outside = opened
        return ""
      }
      return nil
    }
    switch contents {
    case .bytes(let data, let stamp): return (data, stamp)
    case .absent: throw .missing(written: written, looked: url.path)
    case .unreadable(let reason):
      if let outside { throw .outside(written: written, resolved: outside) }
      throw .refused(reason)
    }
  }

  /// The path the kernel has for an open descriptor (`readlink` of `/proc/self/fd/N`).
  private static func realPath(of descriptor: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Why a `textFile` was refused, in words that name the file as the manifest writes it.
enum TextFileProblem: Error, CustomStringConvertible {
  case outside(written: String, resolved: String)
  case missing(written: String, looked: String)
  /// ``BoundedFile``'s reason: a folder, a FIFO, a device, too large, unreadable.
  case refused(String)

  var description: String {
    switch self {
    case .outside(let written, let resolved):
      "'\(written)' is outside the manifest's folder (it resolves to \(resolved))"
    case .missing(let written, let looked): "'\(written)' does not exist (looked at \(looked))"
    case .refused(let reason): reason
    }
  }
}

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

  static func read(_ url: URL, inside folder: URL) throws(TextFileProblem) -> Data {
    let resolved = url.resolvedPath
    guard url.isSameOrInside(folder) else { throw .outside(resolved: resolved) }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) else {
      throw .missing(looked: url.path)
    }
    guard !isFolder.boolValue else { throw .folder }
    let size = (try? FileManager.default.attributesOfItem(atPath: resolved)[.size] as? Int) ?? 0
    guard size <= readLimit else { throw .tooLarge(bytes: size) }
    guard let data = FileManager.default.contents(atPath: resolved) else {
      throw .unreadable(looked: url.path)
    }
    return data
  }
}

/// Why a `textFile` was refused; the message follows the file's name.
enum TextFileProblem: Error, CustomStringConvertible {
  case outside(resolved: String)
  case missing(looked: String)
  case folder
  case tooLarge(bytes: Int)
  case unreadable(looked: String)

  var description: String {
    switch self {
    case .outside(let resolved):
      "is outside the manifest's folder (it resolves to \(resolved))"
    case .missing(let looked): "does not exist (looked at \(looked))"
    case .folder: "is a folder, not a text file"
    case .tooLarge(let bytes):
      "is \(bytes) bytes, far over the \(RenderLimits.maxTextBytes)-byte text limit; not read"
    case .unreadable(let looked): "cannot be read (looked at \(looked))"
    }
  }
}

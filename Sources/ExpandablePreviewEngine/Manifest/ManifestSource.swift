import ExpandablePreviewSupport
import Foundation

/// The manifest file's bytes and where it lives: relative `textFile`s resolve against its folder,
/// and byte offsets become line:column in errors.
package struct ManifestSource: Sendable {
  /// The path as the user gave it, for messages.
  let path: String
  let folder: URL
  let bytes: [UInt8]
  private let lines: LineIndex
  /// Each `textFile` read, by absolute path, with the stamp it had when it was opened.
  let textFiles = Locked<[String: FileStamp]>([:])

  /// `directory` is the folder a relative `path` is in; nil for the working directory.
  package init(path: String, bytes: [UInt8], directory: URL? = nil) {
    self.path = path
    self.folder = RunFolder.url(path, in: directory).deletingLastPathComponent()
    self.bytes = bytes
    self.lines = LineIndex(bytes)
  }

  /// An error at `offset` (or without a position when `nil`).
  func error(at offset: Int?, _ message: String) -> ManifestError {
    ManifestError(
      file: path, position: offset.map { lines.position(of: $0, in: bytes) }, message: message)
  }
}

import ExpandablePreview
import Foundation

/// The manifest's top-level `fonts`: font files or folders, relative to the manifest's folder
/// (or absolute), added to the pinned standard set; or `"system"` for the machine's fonts.
enum ManifestFonts {
  /// Reads `fonts` (`"system"`, a non-empty array of paths, or one path) and checks that each
  /// path exists. A file or folder named `system` is written `./system`.
  static func read(_ node: JSONNode, in top: ObjectReader) throws(ManifestError) -> FontSet {
    let reader = top.reader(for: "fonts")
    let entries: [JSONNode]
    if case .string("system") = node.value { return .system }
    if case .string = node.value {
      entries = [node]
    } else {
      entries = try reader.array(node)
    }
    guard !entries.isEmpty else {
      throw reader.fail(node, "give at least one font file or folder, or leave 'fonts' out")
    }
    var urls: [URL] = []
    for entry in entries {
      let path = try reader.string(entry)
      guard !path.isEmpty else { throw reader.fail(entry, "a font path is empty") }
      let url = URL(fileURLWithPath: path, relativeTo: top.source.folder).standardizedFileURL
      guard FileManager.default.fileExists(atPath: url.path) else {
        throw reader.fail(entry, "'\(path)' does not exist (looked at \(url.path))")
      }
      urls.append(url)
    }
    return .standard(adding: urls)
  }
}

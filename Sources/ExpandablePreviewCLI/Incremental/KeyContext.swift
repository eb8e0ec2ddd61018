import ExpandablePreview
import Foundation

/// What every job key of a run shares: the tool's build, the libraries that draw the text, and
/// the fonts. A run makes it once; tests make others to stand for another build, other
/// libraries or other fonts.
struct KeyContext: Sendable, Hashable {
  /// ``ToolBuild/identifier`` in a run.
  var toolBuild: String
  var libraries: LibraryVersions
  /// The SHA-256 of the font set's files' hashes, sorted: the standard files and the
  /// manifest's own fonts. The files' contents count, not their paths, so a CI cache restored
  /// into another checkout folder still matches.
  var fontSet: String

  /// The context of this process rendering with `renderer`'s font set; nil with system fonts,
  /// whose files and fontconfig rules are the machine's: no key could cover them, so every job
  /// is rendered.
  static func current(for renderer: Renderer) throws -> KeyContext? {
    guard !renderer.fontSet.isMachineDependent else { return nil }
    return KeyContext(
      toolBuild: ToolBuild.identifier, libraries: .current,
      fontSet: try fontSetHash(of: renderer.pinnedFontFiles))
  }

  /// The hash over the SHA-256 of each file in `paths`, in sorted order.
  static func fontSetHash(of paths: [String]) throws -> String {
    let hashes = try paths.map { try FontFiles.sha256(ofFile: $0) }.sorted()
    let digest = SHA256Digest()
    for hash in hashes { digest.update(field: hash) }
    return digest.hex()
  }
}

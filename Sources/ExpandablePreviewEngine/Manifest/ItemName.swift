import ExpandablePreviewGolden

/// Checks that an item name can be used as a folder name on every common file system.
package enum ItemName {
  /// Names the tool writes beside item folders: the gallery in `--out`, the fingerprint in
  /// `--snapshots`, the reports and subfolders of `--artifacts`. Compared ignoring case, since
  /// macOS and Windows file systems do.
  static let reserved: Set<String> = Set(
    ([GalleryPage.fileName, Fingerprint.fileName] + ArtifactsFolder.fileNames).map {
      $0.lowercased()
    })

  /// Why `name` is not file-name-safe, or `nil` when it is.
  package static func problem(with name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.contains("/") || name.contains("\\") { return "contains a path separator" }
    if name.contains("..") { return "contains '..'" }
    if name.hasPrefix(".") { return "starts with a dot" }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "contains a control character"
    }
    // XML 1.0 cannot carry U+FFFE and U+FFFF, and no noncharacter belongs in a file name.
    if let scalar = name.unicodeScalars.first(where: \.properties.isNoncharacterCodePoint) {
      return "contains a noncharacter (U+\(String(scalar.value, radix: 16, uppercase: true)))"
    }
    if name.utf8.count > 200 { return "is longer than 200 bytes" }
    if reserved.contains(name.lowercased()) {
      return "is reserved (ignoring case): the tool writes \(name.lowercased()) beside the items"
    }
    return nil
  }
}

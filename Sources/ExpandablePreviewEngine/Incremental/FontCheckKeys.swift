import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The keys of ``FontCheckRecord``: hashes of exactly what decides whether the pinned font
/// configuration builds and what the font check finds. Every field is written with its name
/// and its length, so no value can run into the next.
enum FontCheckKeys {
  /// What decides whether the configuration of a pinned set builds, and which families and
  /// characters it has: the renderer's identity and the libraries (the code that reads the
  /// fonts), the
  /// standard files present (path and content), and each added entry as a file or a folder
  /// with its files' paths inside it and their contents. Not the entries' own paths, so a
  /// cache restored into another checkout folder still matches; the layout inside a folder
  /// counts, as a folder's non-fonts are skipped where a file given alone is an error.
  ///
  /// - Parameter hashes: the SHA-256 of every file of `sources.allFiles`, by path.
  static func setKey(
    of sources: FontSetSources, hashes: [String: String], renderer: String,
    libraries: LibraryVersions
  ) -> String {
    let digest = SHA256Digest()
    // 2: the renderer's identity instead of the executable's hash.
    write("kind", "expandable-preview font set 2", to: digest)
    write("renderer", renderer, to: digest)
    for (name, version) in libraries.named { write(name, version, to: digest) }
    for path in sources.standard { write(path, hashes[path] ?? "", to: digest) }
    for entry in sources.added {
      write("added", entry.isFolder ? "folder" : "file", to: digest)
      for file in entry.files {
        let inside =
          !entry.isFolder
          ? ""
          : file.hasPrefix(entry.path + "/")
            ? String(file.dropFirst(entry.path.count + 1)) : file
        write(inside, hashes[file] ?? "", to: digest)
      }
    }
    return digest.hex()
  }

  /// The key of the check of one component with the set of `setKey`: the fonts and texts
  /// ``FontCheck`` asks the configuration about (``FontCheck/fonts(of:)``,
  /// ``FontCheck/texts(of:)``), nothing else of the component.
  ///
  /// - Parameter described: each font's description (`String(reflecting:)`, which names every
  ///   stored field), kept across the items of a run: describing is the costly part, and most
  ///   items share their fonts.
  static func itemKey(
    of component: ExpandableText, setKey: String, described: inout [Font: String]
  ) -> String {
    let digest = SHA256Digest()
    write("kind", "expandable-preview font check 1", to: digest)
    write("set", setKey, to: digest)
    for (key, font) in FontCheck.fonts(of: component) {
      guard let font else {
        write(key, "none", to: digest)
        continue
      }
      let description = described[font] ?? String(reflecting: font)
      described[font] = description
      write(key, "font:" + description, to: digest)
    }
    for (key, text) in FontCheck.texts(of: component) {
      write(key, text.map { "text:" + $0 } ?? "none", to: digest)
    }
    return digest.hex()
  }

  /// ``itemKey(of:setKey:described:)`` for one component.
  static func itemKey(of component: ExpandableText, setKey: String) -> String {
    var described: [Font: String] = [:]
    return itemKey(of: component, setKey: setKey, described: &described)
  }

  /// The name, then the value's length in UTF-8 bytes and the value.
  private static func write(_ name: String, _ value: String, to digest: SHA256Digest) {
    digest.update(field: "\(name.utf8.count):\(name)")
    digest.update(field: "\(value.utf8.count):\(value)")
  }
}

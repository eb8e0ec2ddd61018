import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The font check's keys cover exactly what decides the check: a key changes with each of its
/// inputs alone, and an item's key with nothing but the fonts and texts the check reads.
@Suite struct FontCheckKeysTests {
  static let libraries = LibraryVersions(
    pango: "1.50.12", cairo: "1.16.0", harfbuzz: "6.0.0", freetype: "2.12.1",
    fontconfig: "2.14.1")

  static func component(_ extra: String, text: String = "Some words") throws -> ExpandableText {
    let json =
      #"{"items": [{"name": "a", "text": "\#(text)""# + (extra.isEmpty ? "" : ", " + extra)
      + "}]}"
    return try ManifestDecoder.decode(ManifestSource(path: "m.json", bytes: Array(json.utf8)))
      .items[0].component
  }

  /// What the check reads of `component`, described: the reference the item key must follow.
  static func checkedInputs(of component: ExpandableText) -> [String] {
    FontCheck.fonts(of: component).map { "\($0.key)=\(String(reflecting: $0.font))" }
      + FontCheck.texts(of: component).map { "\($0.key)=\(String(reflecting: $0.text))" }
  }

  @Test func anItemKeyChangesExactlyWhenAFontOrTextTheCheckReadsChanges() throws {
    let base = try Self.component("")
    let baseKey = FontCheckKeys.itemKey(of: base, setKey: "set")
    var changedKeys: Set<String> = []
    for (key, value) in JobKeyTests.changed {
      let other = try Self.component("\"\(key)\": \(value)")
      let differs = FontCheckKeys.itemKey(of: other, setKey: "set") != baseKey
      #expect(differs == (Self.checkedInputs(of: other) != Self.checkedInputs(of: base)), "\(key)")
      if differs { changedKeys.insert(key) }
    }
    // Not vacuous: the settings that carry a font or a text do change it (the ellipsis style
    // gives the ellipsis its default text).
    #expect(changedKeys == ["font", "ellipsis", "style", "expandButton", "collapseButton"])
    #expect(
      FontCheckKeys.itemKey(of: try Self.component("", text: "Other words"), setKey: "set")
        != baseKey)
    #expect(FontCheckKeys.itemKey(of: base, setKey: "another set") != baseKey)
    #expect(FontCheckKeys.itemKey(of: try Self.component(""), setKey: "set") == baseKey)
  }

  @Test func aSetKeyChangesWithEachInputAlone() {
    let sources = FontSetSources(
      standard: ["/std/A.ttf", "/std/B.ttf"],
      added: [
        .init(path: "/p/brand", isFolder: true, files: ["/p/brand/x.ttf", "/p/brand/sub/y.ttf"]),
        .init(path: "/p/z.ttf", isFolder: false, files: ["/p/z.ttf"]),
      ])
    let hashes = [
      "/std/A.ttf": "a", "/std/B.ttf": "b", "/p/brand/x.ttf": "x", "/p/brand/sub/y.ttf": "y",
      "/p/z.ttf": "z",
    ]
    func key(
      _ sources: FontSetSources, _ hashes: [String: String], build: String = "build",
      libraries: LibraryVersions = FontCheckKeysTests.libraries
    ) -> String {
      FontCheckKeys.setKey(of: sources, hashes: hashes, renderer: build, libraries: libraries)
    }
    let base = key(sources, hashes)
    #expect(key(sources, hashes) == base)
    #expect(key(sources, hashes, build: "other build") != base)
    var fontconfig = Self.libraries
    fontconfig.fontconfig = "2.15.0"
    #expect(key(sources, hashes, libraries: fontconfig) != base)
    for path in hashes.keys {
      var changed = hashes
      changed[path] = "changed"
      #expect(key(sources, changed) != base, "\(path)")
    }
    var fewer = sources
    fewer.standard.removeLast()
    #expect(key(fewer, hashes) != base)
    // The same bytes as a folder or as files listed alone: a folder's non-fonts are skipped,
    // a non-font listed alone is an error, so the two are different sets.
    var listed = sources
    listed.added[0] = .init(path: "/p/brand/x.ttf", isFolder: false, files: ["/p/brand/x.ttf"])
    listed.added.insert(
      .init(path: "/p/brand/sub/y.ttf", isFolder: false, files: ["/p/brand/sub/y.ttf"]), at: 1)
    #expect(key(listed, hashes) != base)
    // A file moved inside a folder.
    var moved = sources
    moved.added[0].files[1] = "/p/brand/y.ttf"
    var movedHashes = hashes
    movedHashes["/p/brand/y.ttf"] = "y"
    #expect(key(moved, movedHashes) != base)
    // The whole project in another checkout folder: the same set.
    let elsewhere = FontSetSources(
      standard: sources.standard,
      added: [
        .init(path: "/q/brand", isFolder: true, files: ["/q/brand/x.ttf", "/q/brand/sub/y.ttf"]),
        .init(path: "/q/z.ttf", isFolder: false, files: ["/q/z.ttf"]),
      ])
    let elsewhereHashes = Dictionary(
      uniqueKeysWithValues: hashes.map {
        ($0.key.replacingOccurrences(of: "/p/", with: "/q/"), $0.value)
      })
    #expect(key(elsewhere, elsewhereHashes) == base)
  }

  @Test func sourcesListAFoldersFilesAndRefuseWhatIsNeitherFileNorFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "font-sources-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: folder.appendingPathComponent("b.ttf"))
    try Data("y".utf8).write(to: folder.appendingPathComponent("sub/a.ttf"))
    let sources = try #require(FontSetSources(of: .standard(adding: [folder])))
    #expect(sources.added.map(\.isFolder) == [true])
    #expect(
      sources.added[0].files.map { String($0.dropFirst(folder.standardizedFileURL.path.count)) }
        == ["/b.ttf", "/sub/a.ttf"])
    #expect(
      sources.standard
        == StandardFonts.files.map(\.path).filter {
          FileManager.default.isReadableFile(atPath: $0)
        })
    #expect(FontSetSources(of: .standard(adding: [folder.appendingPathComponent("gone")])) == nil)
    #expect(FontSetSources(of: .system) == nil)
  }
}

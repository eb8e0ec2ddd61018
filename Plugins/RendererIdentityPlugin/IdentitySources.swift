import Foundation

/// The files each part of the renderer identity is made of (Documentation/GoldenTesting.md,
/// "Keys"). A file belongs when it can change a job's bytes (`renderer`) or a golden's verdict
/// (`verdict`); anything else left out keeps a change elsewhere (a command's wording, a page of
/// the workbench) from making every runner render again.
struct IdentitySources {
  /// A folder, taken whole (its files with one of `extensions`, at any depth), or one file.
  struct Entry {
    var path: String
    var extensions: Set<String> = []
  }

  var name: String
  var entries: [Entry]

  static let parts = [
    IdentitySources(
      name: "renderer",
      entries: [
        // Build settings: flags and linked libraries of the targets below.
        Entry(path: "Package.swift"),
        // The C modules' maps and umbrella headers the renderer is compiled against.
        Entry(path: "Sources/CPangoCairo", extensions: ["modulemap", "h"]),
        Entry(path: "Sources/CPNG", extensions: ["modulemap", "h"]),
        Entry(path: "Sources/CCmarkGFM", extensions: ["modulemap", "h"]),
        Entry(path: "Sources/CCrypto", extensions: ["modulemap", "h"]),
        // The renderer, and the support code it calls (SVG link escaping, file reading).
        Entry(path: "Sources/ExpandablePreview", extensions: ["swift"]),
        Entry(path: "Sources/ExpandablePreviewSupport", extensions: ["swift"]),
        // The engine's code that turns a job into bytes: its files, its part of layout.json and
        // the font check whose messages the font-check record keeps. Taken whole, so a file
        // added there is in the identity without anyone listing it. The rule that keeps such
        // code there (Tests/RendererIdentityTests/JobOutputBoundaryTests): the folder's files
        // name no engine type declared elsewhere but a listed few, each with its reason (the
        // job's inputs, which the key writes field by field; errors, which are words), and no
        // engine file outside it calls the renderer's drawing and encoding entry points.
        Entry(path: "Sources/ExpandablePreviewEngine/JobOutput", extensions: ["swift"]),
      ]),
    IdentitySources(
      name: "verdict",
      entries: [
        // What decides whether a rendered image matches its golden: the diff, the store and
        // its record modes, the golden check and the layout record's comparison.
        Entry(path: "Sources/ExpandablePreviewGolden/Diff", extensions: ["swift"]),
        Entry(path: "Sources/ExpandablePreviewGolden/Golden", extensions: ["swift"]),
        Entry(path: "Sources/ExpandablePreviewGolden/Check", extensions: ["swift"]),
        Entry(path: "Sources/ExpandablePreviewGolden/Layout", extensions: ["swift"]),
      ]),
  ]

  /// The part's files, relative to `root`, sorted; a listed path that is missing is an error,
  /// so a moved file cannot silently leave the identity.
  func files(under root: URL) throws -> [String] {
    var files: [String] = []
    for entry in entries {
      let url = root.appending(path: entry.path)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        throw IdentitySourceError(path: entry.path)
      }
      guard isFolder.boolValue else {
        files.append(entry.path)
        continue
      }
      let found = FileManager.default.enumerator(atPath: url.path)
      while let inside = found?.nextObject() as? String {
        let suffix = inside.split(separator: ".").last.map(String.init) ?? ""
        guard entry.extensions.contains(suffix), !inside.contains(".docc/") else { continue }
        files.append(entry.path + "/" + inside)
      }
    }
    return files.sorted()
  }
}

/// A path the identity lists that is not in the package.
struct IdentitySourceError: Error, CustomStringConvertible {
  var path: String
  var description: String {
    "renderer identity: '\(path)' is listed in Plugins/RendererIdentityPlugin/IdentitySources.swift"
      + " but is not in the package; update the list"
  }
}

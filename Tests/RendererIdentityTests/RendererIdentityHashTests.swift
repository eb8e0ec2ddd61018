import Foundation
import Testing

@testable import renderer_identity

/// The renderer identity: the same wherever the sources lie, different as soon as a listed
/// source, its path or the compiler differs.
@Suite struct RendererIdentityHashTests {
  static let compiler =
    "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu"
  static let files = [
    "Package.swift": "// swift-tools-version:6.0\n",
    "Sources/CPangoCairo/shim.h": "#include <pango/pangocairo.h>\n",
    "Sources/ExpandablePreview/Layout/FadeLayout.swift": "let fadeWidth = 32.0\n",
    "Sources/ExpandablePreview/Render/Painter.swift": "let labelGap = 4.0\n",
  ]
  static let part = IdentityPart(name: "renderer", files: Array(files.keys))

  /// A fresh folder holding `files` under `name` (a checkout's root).
  func checkout(named name: String, files: [String: String] = files) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("renderer-identity-\(UUID().uuidString)")
      .appendingPathComponent(name)
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  func identity(_ root: URL, part: IdentityPart = part, compiler: String = compiler) throws
    -> String
  {
    try RendererIdentityHash.identity(of: part, root: root, compiler: compiler)
  }

  @Test func twoCheckoutsOfTheSameSourcesInOtherFoldersAgree() throws {
    let first = try checkout(named: "laptop")
    let second = try checkout(named: "ci-runner-17/work")
    #expect(try identity(first) == identity(second))
    #expect(try identity(first).count == 64)
  }

  @Test func aCheckoutMovedElsewhereKeepsItsIdentity() throws {
    let root = try checkout(named: "before")
    let before = try identity(root)
    let moved = root.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("moved-\(UUID().uuidString)")
    try FileManager.default.moveItem(at: root.deletingLastPathComponent(), to: moved)
    #expect(try identity(moved.appendingPathComponent("before")) == before)
  }

  @Test func theOrderTheFilesAreListedInDoesNotCount() throws {
    let root = try checkout(named: "a")
    let reversed = IdentityPart(name: "renderer", files: Self.part.files.sorted().reversed())
    #expect(try identity(root, part: reversed) == identity(root))
  }

  @Test func changingOneRendererSourceChangesTheIdentity() throws {
    let root = try checkout(named: "a")
    let before = try identity(root)
    let painter = root.appendingPathComponent("Sources/ExpandablePreview/Render/Painter.swift")
    try Data("let labelGap = 5.0\n".utf8).write(to: painter)
    #expect(try identity(root) != before)
  }

  @Test func movingASourceToAnotherPathChangesTheIdentity() throws {
    var files = Self.files
    files["Sources/ExpandablePreview/Render/Painter2.swift"] =
      files.removeValue(forKey: "Sources/ExpandablePreview/Render/Painter.swift")
    let renamed = try checkout(named: "a", files: files)
    let part = IdentityPart(name: "renderer", files: Array(files.keys))
    #expect(try identity(renamed, part: part) != identity(checkout(named: "a")))
  }

  @Test func contentsCannotPassForThePathBeforeThem() throws {
    // "ab" + "c" and "a" + "bc": the fields are length-prefixed.
    let first = try checkout(named: "a", files: ["ab": "c"])
    let second = try checkout(named: "a", files: ["a": "bc"])
    #expect(
      try identity(first, part: IdentityPart(name: "renderer", files: ["ab"]))
        != identity(second, part: IdentityPart(name: "renderer", files: ["a"])))
  }

  @Test func anotherCompilerChangesTheIdentity() throws {
    let root = try checkout(named: "a")
    let other = "Swift version 6.2 (swift-6.2-RELEASE)\nTarget: x86_64-unknown-linux-gnu"
    #expect(try identity(root, compiler: other) != identity(root))
  }

  @Test func aListedFileThatIsMissingIsAnErrorNamingIt() throws {
    let root = try checkout(named: "a")
    let part = IdentityPart(name: "renderer", files: Self.part.files + ["Sources/Gone.swift"])
    #expect {
      try identity(root, part: part)
    } throws: { error in
      String(describing: error).contains("Sources/Gone.swift")
    }
  }

  @Test func theGeneratedSourceNamesEachPartAndTheCompiler() throws {
    let source = RendererIdentityHash.source(
      identities: [(Self.part, "ab12"), (IdentityPart(name: "verdict", files: ["x"]), "cd34")],
      compiler: "Swift \"6\"\nTarget: x")
    #expect(source.contains("  static let renderer = \"ab12\"\n"))
    #expect(source.contains("  static let verdict = \"cd34\"\n"))
    #expect(source.contains("  static let compiler = \"Swift \\\"6\\\"\\nTarget: x\"\n"))
  }
}

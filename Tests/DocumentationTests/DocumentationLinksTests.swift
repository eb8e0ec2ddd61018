import Foundation
import Testing

/// The README and Documentation/ hold together: every relative link and image resolves to a file
/// (and an anchor to a heading), the README links each document, and it stays a short front door.
@Suite struct DocumentationLinksTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README.md and every Markdown file in Documentation/.
  static func documents() throws -> [URL] {
    let folder = root.appendingPathComponent("Documentation")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    return [root.appendingPathComponent("README.md")]
      + names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// What is wrong with the links of `document`: one line per target that does not resolve.
  static func brokenLinks(in document: URL) throws -> [String] {
    let parsed = MarkdownDocument(text: try String(contentsOf: document, encoding: .utf8))
    var problems: [String] = []
    for link in parsed.links {
      let (path, anchor) = split(link.target)
      let target =
        path.isEmpty
        ? document
        : document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
      let place = "\(document.lastPathComponent):\(link.line): '\(link.target)'"
      guard FileManager.default.fileExists(atPath: target.path) else {
        problems.append("\(place): no file \(target.path)")
        continue
      }
      guard let anchor, target.pathExtension == "md" else { continue }
      let anchors = MarkdownDocument(text: try String(contentsOf: target, encoding: .utf8))
        .anchors
      if !anchors.contains(anchor) {
        problems.append("\(place): no heading makes '#\(anchor)' in \(target.lastPathComponent)")
      }
    }
    return problems
  }

  /// A link's path (percent-decoded) and anchor.
  static func split(_ target: String) -> (path: String, anchor: String?) {
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
    return (path, parts.count > 1 ? String(parts[1]) : nil)
  }

  @Test func everyRelativeLinkAndImageResolves() throws {
    let documents = try Self.documents()
    #expect(documents.count > 1, "Documentation/ holds no Markdown file")
    var linkCount = 0
    for document in documents {
      linkCount +=
        MarkdownDocument(
          text: try String(contentsOf: document, encoding: .utf8)
        ).links.count
      let problems = try Self.brokenLinks(in: document)
      #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
    #expect(linkCount > 20, "the documents should link each other; found \(linkCount) links")
  }

  @Test func theReadmeLinksEveryDocument() throws {
    let readme = MarkdownDocument(
      text: try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8))
    let linked = Set(readme.links.map { Self.split($0.target).path })
    for document in try Self.documents().dropFirst() {
      let path = "Documentation/" + document.lastPathComponent
      #expect(linked.contains(path), "README.md does not link \(path)")
    }
  }

  @Test func theReadmeIsAtMostTenThousandCharacters() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.count <= 10_000, "README.md has \(readme.count) characters")
  }

  // The checker itself, on small texts, so a broken link cannot slip through unseen.

  @Test func anchorsFollowGitHubsRules() {
    let text = """
      # Golden-image testing and CI
      ## Verifying a manifest: `expandable-preview verify`
      ## `package` access
      ### Sanitizers, stress and soak
      ## Notes
      ## Notes
      ## Ünïcode – dashes & [links](x.md) **bold**
      ```
      # not a heading
      ```
      """
    #expect(
      MarkdownDocument(text: text).anchors == [
        "golden-image-testing-and-ci", "verifying-a-manifest-expandable-preview-verify",
        "package-access", "sanitizers-stress-and-soak", "notes", "notes-1",
        "ünïcode--dashes--links-bold",
      ])
  }

  @Test func linksAreFoundOutsideCodeOnly() {
    let text = """
      See [the guide](Documentation/Guide.md#setup) and ![a picture](Snapshots/a%20b.png).
      [![badge](img/badge.svg)](https://example.com) [mail](mailto:x@example.com)
      Inline `[not](a-link.md)` code.
      ```swift
      let x = "[not](either.md)"
      ```
      [ref]: Documentation/Reference.md
      <img src="Snapshots/c.png">
      """
    #expect(
      MarkdownDocument(text: text).links == [
        .init(target: "Documentation/Guide.md#setup", line: 1),
        .init(target: "Snapshots/a%20b.png", line: 1),
        .init(target: "img/badge.svg", line: 2),
        .init(target: "Documentation/Reference.md", line: 7),
        .init(target: "Snapshots/c.png", line: 8),
      ])
  }

  @Test func aMissingFileOrHeadingIsReported() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("DocumentationLinksTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "# Other\n## Real heading\n".write(
      to: folder.appendingPathComponent("Other.md"), atomically: true, encoding: .utf8)
    let document = folder.appendingPathComponent("Doc.md")
    try """
    # Doc
    [fine](Other.md#real-heading) [fine too](#doc) [gone](Missing.md)
    [no heading](Other.md#imaginary) [no local heading](#nowhere)
    """.write(to: document, atomically: true, encoding: .utf8)
    let problems = try Self.brokenLinks(in: document)
    #expect(problems.count == 3)
    #expect(problems.contains { $0.contains("'Missing.md': no file") })
    #expect(problems.contains { $0.contains("'#imaginary' in Other.md") })
    #expect(problems.contains { $0.contains("'#nowhere' in Doc.md") })
  }
}

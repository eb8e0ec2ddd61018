import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The digest of the gallery's inputs changes with everything the page shows and not with
/// what it does not (a text): a run leaves `index.html` unbuilt only while the digest is the
/// last run's, so a digest blind to something the page shows would leave a stale page.
@Suite struct GalleryInputsTests {
  static func page(
    _ json: String, title: String = "t", failures: [String: String] = [:],
    earlier: Set<String> = [], machineDependent: Bool = false
  ) throws -> GalleryPage {
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    let jobs = manifest.items.indices.map { RenderJob.jobs(for: manifest.items[$0], itemIndex: $0) }
    return GalleryPage(
      title: title, items: manifest.items, jobs: jobs, fromEarlierRun: earlier,
      failures: failures, machineDependent: machineDependent)
  }

  static func items(_ items: String, defaults: String = #""width": 200"#) -> String {
    #"{"defaults": {\#(defaults)}, "items": [\#(items)]}"#
  }

  static let a = #"{"name": "a", "text": "First."}"#
  static let b = #"{"name": "b", "text": "Second."}"#

  @Test func aTextEditedLeavesTheDigestAndThePage() throws {
    let before = try Self.page(Self.items(Self.a + ", " + Self.b))
    let after = try Self.page(Self.items(Self.a + #", {"name": "b", "text": "Edited."}"#))
    #expect(before.inputsDigest() == after.inputsDigest())
    #expect(before.html() == after.html())
  }

  @Test func everythingThePageShowsChangesTheDigest() throws {
    let base = try Self.page(Self.items(Self.a + ", " + Self.b))
    let others = [
      try Self.page(Self.items(Self.a + ", " + Self.b), title: "another"),
      try Self.page(Self.items(Self.b + ", " + Self.a)),
      try Self.page(Self.items(Self.a)),
      try Self.page(Self.items(Self.a + #", {"name": "c", "text": "Second."}"#)),
      try Self.page(Self.items(Self.a + ", " + Self.b, defaults: #""width": 240"#)),
      try Self.page(Self.items(Self.a + ", " + Self.b, defaults: #""width": 200, "scale": 3"#)),
      try Self.page(
        Self.items(Self.a + #", {"name": "b", "text": "Second.", "states": ["collapsed"]}"#)),
      try Self.page(
        Self.items(Self.a + ", " + Self.b, defaults: #""width": 200, "formats": ["png", "svg"]"#)),
      try Self.page(Self.items(Self.a + ", " + Self.b), failures: ["b/x.png": "why"]),
      try Self.page(Self.items(Self.a + ", " + Self.b), earlier: ["b"]),
      try Self.page(Self.items(Self.a + ", " + Self.b), machineDependent: true),
    ]
    for (index, other) in others.enumerated() {
      #expect(other.html() != base.html(), "case \(index) does not change the page")
      #expect(other.inputsDigest() != base.inputsDigest(), "case \(index)")
    }
  }
}

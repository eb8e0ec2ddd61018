import ExpandablePreviewEngine
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// "Save to manifest" on the file: a new item goes after the last one, an item opened from the
/// gallery is written over in place, every other byte stays; a file changed since it was read,
/// an item the manifest's rules refuse and a missing item write nothing.
@Suite struct ManifestSaveTests {
  static let manifest = """
    {
      "defaults": {"width": 300, "scale": 2},
      "items": [
        {"name": "bio",   "text": "A short bio.", "lineLimit": 2},
        {
          "name": "about",
          "text": "About \\"us\\", [and] {more}."
        }
      ]
    }

    """

  static func planted() throws -> (folder: URL, path: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("manifest-save-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("manifest.json").path
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  static func text(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  @Test func aNewItemGoesAfterTheLastAndNothingElseChanges() throws {
    let (folder, path) = try Self.planted()
    defer { try? FileManager.default.removeItem(at: folder) }
    let digest = try #require(ManifestSave.digest(of: path))
    let written = try ManifestSave.save(
      manifest: path, name: "new-one", text: "Fresh text.",
      flags: [("--line-limit", "3"), ("--device", "iPhone 16 Pro")], replacing: nil,
      readDigest: digest)
    let text = try Self.text(path)
    #expect(written == ManifestSave.digest(of: path))
    // Everything up to the last item's end is as it was, byte for byte, and so is the rest.
    let cut = Self.manifest.range(of: "\"\n    }")!.upperBound
    #expect(text.hasPrefix(String(Self.manifest[..<cut])))
    #expect(text.hasSuffix(String(Self.manifest[cut...])))
    #expect(
      text.contains(",\n    {\n      \"name\": \"new-one\",\n      \"text\": \"Fresh text.\""))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.map { $0["name"] as? String } == ["bio", "about", "new-one"])
    #expect(items[2]["lineLimit"] as? Int == 3)
    #expect(items[2]["device"] as? String == "iPhone 16 Pro")
  }

  @Test func anOpenedItemIsWrittenOverInPlace() throws {
    let (folder, path) = try Self.planted()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try ManifestSave.save(
      manifest: path, name: "bio", text: "A longer bio now.", flags: [("--line-limit", "1")],
      replacing: "bio", readDigest: try #require(ManifestSave.digest(of: path)))
    let text = try Self.text(path)
    let old = "{\"name\": \"bio\",   \"text\": \"A short bio.\", \"lineLimit\": 2}"
    let new =
      "{\n      \"name\": \"bio\",\n      \"text\": \"A longer bio now.\",\n      "
      + "\"lineLimit\": 1\n    }"
    #expect(text == Self.manifest.replacingOccurrences(of: old, with: new))
  }

  @Test func nothingIsWrittenWhenTheFileChangedARuleBreaksOrTheItemIsGone() throws {
    let (folder, path) = try Self.planted()
    defer { try? FileManager.default.removeItem(at: folder) }
    let digest = try #require(ManifestSave.digest(of: path))
    func refusal(_ name: String, replacing: String? = nil, digest: String) -> String {
      do {
        _ = try ManifestSave.save(
          manifest: path, name: name, text: "Text.", flags: [], replacing: replacing,
          readDigest: digest)
        return ""
      } catch { return error.description }
    }
    // A name the manifest already has: its own rule says so.
    let duplicate = refusal("BIO", digest: digest)
    #expect(duplicate.contains("would not be valid"), "\(duplicate)")
    #expect(duplicate.contains("the name is already used by item #1"), "\(duplicate)")
    #expect(refusal("x", replacing: "gone", digest: digest).contains("no item named \"gone\""))
    #expect(try Self.text(path) == Self.manifest)
    // Edited in an editor since the page read it.
    let edited = Self.manifest.replacingOccurrences(of: "A short bio.", with: "Edited.")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    #expect(refusal("x", digest: digest).contains("changed on disk since the playground read it"))
    #expect(try Self.text(path) == edited)
  }
}

import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import Testing

/// The one layout schema: every field written and read back, the golden record's form of it,
/// and records of another version read (version 1) or refused in the documented words.
@Suite struct LayoutSchemaTests {
  /// A record of the build before layout schema 2 (Tests/Fixtures/layout-schema-1).
  static let versionOneRecord = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "Fixtures/layout-schema-1/goldens/fade/collapsed@1x.layout.json")

  /// A fade-style Markdown text with a link, cut, with a label and a fade.
  static func markdownLayout() throws -> LayoutResult {
    var component = ExpandableText(
      text: "A [link](https://example.com) in a text long enough to be cut after two lines "
        + "at this width, with more words after it.")
    component.isMarkdown = true
    component.lineLimit = 2
    return try Renderer().render(component, options: RenderOptions(width: 200)).layout
  }

  /// Facts with every field set and none at its default.
  static func everyField() throws -> LayoutSchema.Facts {
    var facts = LayoutSchema.Facts(try markdownLayout())
    facts.isRightToLeft.toggle()
    #expect(facts.label != nil && facts.fade != nil && !facts.links.isEmpty)
    #expect(facts.lineFrames?.isEmpty == false && facts.accessibilityElements?.isEmpty == false)
    #expect(facts.textFrame != nil && facts.layouts != nil && facts.cut > 0)
    return facts
  }

  static let keys: Set<String> = [
    "lines", "visibleText", "cut", "exceedsLineLimit", "labelFits", "isRightToLeft", "size",
    "pixelSize", "label", "fade", "links", "textFrame", "lineFrames", "accessibilityElements",
    "layouts",
  ]

  @Test func everyFieldOfTheFactsIsWrittenAndReadBack() throws {
    let facts = try Self.everyField()
    let data = try JSONEncoder().encode(facts)
    let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == Self.keys)
    #expect(try JSONDecoder().decode(LayoutSchema.Facts.self, from: data) == facts)
  }

  /// Documentation/Layout.md's table of the facts names exactly the keys written.
  @Test func theDocumentedTableNamesEveryKey() throws {
    let page = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Documentation/Layout.md"), encoding: .utf8)
    let section = try #require(page.components(separatedBy: "## The facts of one layout").last)
      .components(separatedBy: "\n## ")[0]
    var documented: Set<String> = []
    for row in section.split(separator: "\n") where row.hasPrefix("| `") {
      let cell = row.split(separator: "|")[0]
      for (index, part) in cell.split(separator: "`", omittingEmptySubsequences: false)
        .enumerated() where index % 2 == 1
      {
        documented.insert(String(part))
      }
    }
    #expect(documented == Self.keys)
  }

  /// `LayoutResult`'s `Codable` form is the schema's facts, and reads back as the result; a
  /// golden record's facts (no count of layouts) are not a whole result.
  @Test func aLayoutResultIsCodedAsTheSchemasFacts() throws {
    let layout = try Self.markdownLayout()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(layout)
    #expect(data == (try encoder.encode(LayoutSchema.Facts(layout))))
    #expect(try JSONDecoder().decode(LayoutResult.self, from: data) == layout)
    let recorded = try encoder.encode(LayoutSchema.Facts(layout).withoutWork)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(LayoutResult.self, from: recorded)
    }
  }

  @Test func everyFieldOfARecordIsWrittenAndReadBack() throws {
    let facts = try Self.everyField()
    var record = LayoutRecord(
      still: facts, collapsed: facts, expanded: facts, frameHeights: [1, 2.5],
      fonts: [.init(file: "a.ttf", sha256: String(repeating: "0", count: 64))])
    record.still?.layouts = 3
    let data = try record.jsonData()
    let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["schemaVersion"] as? Int == LayoutSchema.version)
    #expect(try LayoutRecord(jsonData: data) == record)
  }

  /// The count of Pango layouts is work, not what is seen: `layout.json` keeps it, a golden
  /// record does not; "no label" is written as `null`.
  @Test func aGoldenRecordKeepsNoCountOfLayoutsAndWritesNullForNoFade() throws {
    var component = ExpandableText(text: "Fits.")
    component.truncationStyle = .ellipsis
    let layout = try Renderer().render(component, options: RenderOptions(width: 200)).layout
    let record = try LayoutRecord(layout, fontFiles: [])
    #expect(record.still?.layouts == nil)
    let text = String(decoding: try record.jsonData(), as: UTF8.self)
    #expect(!text.contains("\"layouts\""))
    #expect(text.contains("\"fade\" : null"))
    #expect(text.contains("\"label\" : null"))
  }

  /// A record of the build before (no `schemaVersion`) is read as version 1; its missing line
  /// boxes are not a change, and a change of line boxes between two records that keep them is.
  @Test func aRecordOfTheBuildBeforeIsReadAsVersionOne() throws {
    let data = try Data(contentsOf: Self.versionOneRecord)
    #expect(!String(decoding: data, as: UTF8.self).contains("schemaVersion"))
    let old = try LayoutRecord(jsonData: data)
    #expect(old.schemaVersion == 1)
    let still = try #require(old.still)
    #expect(still.lineFrames == nil && still.layouts == nil && still.cut > 0)
    // Written back as it was, saying which version it is.
    let again = String(decoding: try old.jsonData(), as: UTF8.self)
    #expect(
      again
        == String(decoding: data, as: UTF8.self).replacingOccurrences(
          of: "\n  \"still\" : {", with: "\n  \"schemaVersion\" : 1,\n  \"still\" : {"))

    var now = old
    now.schemaVersion = LayoutSchema.version
    now.still?.lineFrames = [Rect(x: 0, y: 0, width: 10, height: 10)]
    #expect(old.sameLayout(as: now))
    var moved = now
    moved.still?.lineFrames = [Rect(x: 0, y: 0, width: 11, height: 10)]
    #expect(now.changes(to: moved).map(\.description) == ["a line's box moved"])
  }

  /// A record of a version this build does not read is refused in the documented words,
  /// whatever the rest of it holds.
  @Test func aRecordOfAnotherVersionIsRefusedInTheDocumentedWords() throws {
    for json in [#"{"schemaVersion": 3, "anything": [1]}"#, #"{"schemaVersion": 0}"#] {
      #expect {
        try LayoutRecord(jsonData: Data(json.utf8))
      } throws: { error in
        let version = json.contains("3") ? 3 : 0
        return "\(error)" == LayoutRecord.otherVersion(version)
      }
    }
    #expect(LayoutRecord.otherVersion(3).hasPrefix("schemaVersion 3: a layout record of another"))
  }
}

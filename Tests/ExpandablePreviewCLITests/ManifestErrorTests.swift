import Foundation
import Testing

@Suite struct ManifestErrorTests {
  /// Runs the tool on `manifest` and returns its output; no files may be written.
  func render(_ manifest: String) throws -> CLI.Output {
    let scratch = try Scratch()
    try scratch.write("manifest.json", manifest)
    let result = try scratch.run("render", "manifest.json", "--out", "out")
    #expect(try scratch.files(in: "out").isEmpty)
    return result
  }

  @Test func aMalformedLanguageNamesItemAndKeyInTheManifestAndTheFlag() throws {
    let result = try render(#"{"items": [{"name": "a", "text": "x", "language": "en_US"}]}"#)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "item 'a', key 'language': must be a BCP 47 language tag such as en, ja, zh-Hans or ar, got 'en_US'"
      ), "\(result.stderr)")
    let scratch = try Scratch()
    let flag = try scratch.run("render", "--text", "x", "--language", "日本語", "--out", "x.png")
    #expect(flag.status == 2)
    #expect(flag.stderr.contains("--language"), "\(flag.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("x.png").path))
  }

  @Test func unknownKeyNamesItemAndSuggestsTheNearestKey() throws {
    let result = try render(
      """
      {"items": [
        {"name": "bio", "text": "x", "lineLimt": 2}
      ]}
      """)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "manifest.json:2:32: unknown key 'lineLimt' in item 'bio'; did you mean 'lineLimit'?"))
  }

  @Test func unknownKeysInNestedObjectsAndVariants() throws {
    let result = try render(
      """
      {"defaults": {"expandButton": {"colr": "red"}}, "items": [{"name": "a", "text": "x"}]}
      """)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "unknown key 'expandButton.colr' in defaults; did you mean 'expandButton.color'?"))
    let variants = try render(
      #"{"variants": {"apperance": ["dark"]}, "items": [{"name": "a", "text": "x"}]}"#)
    #expect(variants.stderr.contains("did you mean 'variants.appearance'?"))
  }

  @Test func malformedJSONReportsLineAndColumn() throws {
    let result = try render(
      """
      {
        "items": [
          {"name": "a" "text": "x"}
        ]
      }
      """)
    #expect(result.status == 2)
    #expect(result.stderr.contains("manifest.json:3:18: malformed JSON"))
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let result = try render(#"{"items": [{"name": "é€😀", "text": 5}]}"#)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("manifest.json:1:36: item 'é€😀', key 'text': expected a string, got 5")
    )
  }

  @Test func wrongTypeNamesItemKeyAndPosition() throws {
    let result = try render(
      """
      {"items": [{"name": "bio", "text": "x",
                  "lineLimit": "three"}]}
      """)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "manifest.json:2:26: item 'bio', key 'lineLimit': expected a whole number, got \"three\""))
  }

  @Test func badValuesAreReportedForEveryItem() throws {
    let result = try render(
      """
      {"items": [{"name": "a", "text": "x", "style": "elipsis"},
                 {"name": "b", "text": "x", "scale": 7},
                 {"name": "c", "text": "x", "color": "#12"}]}
      """)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "item 'a', key 'style': unknown value 'elipsis'; did you mean 'ellipsis'?"))
    #expect(result.stderr.contains("item 'b', key 'scale': must be 1 to 4, got 7"))
    #expect(result.stderr.contains("item 'c', key 'color': invalid color '#12'"))
  }

  @Test(arguments: [
    ("../up", "contains a path separator"), ("a/b", "contains a path separator"),
    ("back\\\\slash", "contains a path separator"), ("..", "contains '..'"),
    (".hidden", "starts with a dot"), ("tab\\there", "contains a control character"),
    ("", "is empty"),
  ])
  func unsafeNamesAreRejectedNamingTheItem(name: String, problem: String) throws {
    let result = try render(
      #"{"items": [{"name": "ok", "text": "x"}, {"name": "\#(name)", "text": "x"}]}"#)
    #expect(result.status == 2)
    #expect(result.stderr.contains("item #2: the name"), "\(result.stderr)")
    #expect(result.stderr.contains(problem), "\(result.stderr)")
  }

  @Test func duplicateNamesIgnoringCaseAreRejected() throws {
    let result = try render(
      #"{"items": [{"name": "Bio", "text": "x"}, {"name": "bio", "text": "y"}]}"#)
    #expect(result.status == 2)
    #expect(result.stderr.contains("item 'bio' (#2): the name is already used by item #1"))
  }

  @Test func textAndTextFileProblemsNameTheItem() throws {
    let missing = try render(#"{"items": [{"name": "a", "textFile": "nope.txt"}]}"#)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("item 'a', key 'textFile': 'nope.txt' does not exist"))
    let neither = try render(#"{"items": [{"name": "a"}]}"#)
    #expect(neither.stderr.contains("item 'a' needs 'text' or 'textFile'"))
    let both = try render(#"{"items": [{"name": "a", "text": "x", "textFile": "t.txt"}]}"#)
    #expect(both.stderr.contains("item 'a' sets both 'text' and 'textFile'"))
  }
}

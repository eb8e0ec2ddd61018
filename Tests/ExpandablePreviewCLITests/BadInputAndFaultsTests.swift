import Foundation
import Testing

/// Bad input, faults and limits: each gets a clear error naming file, item and key, the
/// documented exit code, and no partial output. Here a manifest's bad input; limits and fonts
/// in `+Limits`, the machine's faults in `+Faults`.
@Suite struct BadInputAndFaultsTests {
  /// Runs `render manifest.json --out out` on raw manifest bytes.
  func render(bytes: [UInt8], _ extra: String..., in scratch: Scratch? = nil) throws -> (
    CLI.Output, Scratch
  ) {
    let scratch = try scratch ?? Scratch()
    try Data(bytes).write(to: scratch.url.appendingPathComponent("manifest.json"))
    let output = try CLI.runInProcess(
      ["render", "manifest.json", "--out", "out"] + extra, in: scratch.url)
    return (output, scratch)
  }

  func render(_ manifest: String, _ extra: String..., in scratch: Scratch? = nil) throws -> (
    CLI.Output, Scratch
  ) {
    let scratch = try scratch ?? Scratch()
    try scratch.write("manifest.json", manifest)
    let output = try CLI.runInProcess(
      ["render", "manifest.json", "--out", "out"] + extra, in: scratch.url)
    return (output, scratch)
  }

  @Test func aManifestThatIsNotAnObjectIsRejected() throws {
    let (output, scratch) = try render("[1, 2]")
    #expect(output.status == 2)
    #expect(
      output.stderr.contains("manifest.json:1:1: the manifest: expected an object, got an array"))
    #expect(try scratch.files(in: "out").isEmpty)
  }

  @Test func aMissingNameIsRejected() throws {
    let (output, _) = try render(#"{"items": [{"text": "x"}]}"#)
    #expect(output.status == 2)
    #expect(output.stderr.contains("manifest.json:1:12: item #1 needs a 'name'"))
  }

  @Test func invalidUTF8InTheManifestIsReportedWithItsPosition() throws {
    let bytes =
      Array(#"{"items": [{"name": "a", "text": "caf"#.utf8) + [0xC3, 0x28]
      + Array(#""}]}"#.utf8)
    let (output, scratch) = try render(bytes: bytes)
    #expect(output.status == 2)
    #expect(output.stderr.contains("manifest.json:1:"), "\(output.stderr)")
    #expect(output.stderr.contains("UTF-8"), "\(output.stderr)")
    #expect(try scratch.files(in: "out").isEmpty)
  }

  @Test func textFileProblemsNameTheItemKeyAndFile() throws {
    let scratch = try Scratch()
    let outside = try Scratch()
    try outside.write("secret.txt", "outside text")
    try Data([0x66, 0xFF, 0x6F]).write(to: scratch.url.appendingPathComponent("bad.txt"))
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("folder"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: scratch.url.appendingPathComponent("link.txt"),
      withDestinationURL: outside.url.appendingPathComponent("secret.txt"))
    try Data(repeating: 0x61, count: (64 << 20) + 1).write(
      to: scratch.url.appendingPathComponent("huge.txt"))
    let cases: [(file: String, message: String)] = [
      ("bad.txt", "'bad.txt' is not valid UTF-8"),
      ("folder", "'folder' is a folder, not a regular file"),
      ("../\(outside.url.lastPathComponent)/secret.txt", "is outside the manifest's folder"),
      ("link.txt", "'link.txt' is outside the manifest's folder"),
      ("huge.txt", "'huge.txt' has more than 67108864 bytes, far over the 1048576-byte text"),
    ]
    for (file, message) in cases {
      let (output, _) = try render(
        #"{"items": [{"name": "bio", "textFile": "\#(file)"}]}"#, in: scratch)
      #expect(output.status == 2)
      #expect(
        output.stderr.contains("manifest.json:1:40: item 'bio', key 'textFile': "),
        "\(output.stderr)")
      #expect(output.stderr.contains(message), "\(output.stderr)")
      #expect(try scratch.files(in: "out").isEmpty)
    }
  }

  @Test func outOfRangeAndUnknownValuesNameEveryItemAndKey() throws {
    let (output, scratch) = try render(
      """
      {"items": [
        {"name": "a", "text": "x", "lineLimit": 1001},
        {"name": "b", "text": "x", "width": 0},
        {"name": "c", "text": "x", "width": 10001},
        {"name": "d", "text": "x", "scale": 5},
        {"name": "e", "text": "x", "padding": [1, 2, 3, -4]},
        {"name": "f", "text": "x", "lineSpacing": -2},
        {"name": "g", "text": "x", "font": "bodyy"},
        {"name": "h", "text": "x", "appearance": "dim"},
        {"name": "i", "text": "x", "dynamicType": "huge"},
        {"name": "j", "text": "x", "expandButton": {"color": "blu"}}
      ]}
      """)
    #expect(output.status == 2)
    for expected in [
      "manifest.json:2:43: item 'a', key 'lineLimit': must be 1 to 1000, got 1001",
      "manifest.json:3:39: item 'b', key 'width': must be above 0",
      "manifest.json:4:39: item 'c', key 'width': must be above 0 and at most 10000",
      "manifest.json:5:39: item 'd', key 'scale': must be 1 to 4, got 5",
      "item 'e', key 'padding': must be 0 to 10000 points, got -4",
      "item 'f', key 'lineSpacing': must be 0 to 1000 points, got -2",
      "item 'g', key 'font': unknown font 'bodyy'",
      "item 'h', key 'appearance': unknown value 'dim'",
      "item 'i', key 'dynamicType': unknown value 'huge'",
      "item 'j', key 'expandButton.color': unknown color 'blu'",
    ] {
      #expect(output.stderr.contains(expected), "missing: \(expected)\n\(output.stderr)")
    }
    #expect(try scratch.files(in: "out").isEmpty)
  }

  @Test func infinityIsRejectedWithItsPosition() throws {
    let (output, _) = try render(#"{"items": [{"name": "k", "text": "x", "width": 1e999}]}"#)
    #expect(output.status == 2)
    #expect(
      output.stderr.contains("manifest.json:1:48: malformed JSON: number 1e999 is out of range"))
  }

  @Test func unsafeNamesWithNULOrAbsolutePathsAreRejected() throws {
    let (output, scratch) = try render(
      #"{"items": [{"name": "a\u0000b", "text": "x"}, {"name": "/etc/x", "text": "x"}]}"#)
    #expect(output.status == 2)
    #expect(output.stderr.contains(#"item #1: the name "a\u{0}b" contains a control character"#))
    #expect(output.stderr.contains(#"item #2: the name "/etc/x" contains a path separator"#))
    #expect(try scratch.files(in: "out").isEmpty)
    #expect(!FileManager.default.fileExists(atPath: "/etc/x"))
  }

  @Test func markupLikeTextIsDrawnLiterally() throws {
    let text = #"<b>bold</b> &amp; <span foreground=\"red\">x</span>"#
    let (output, scratch) = try render(#"{"items": [{"name": "m", "text": "\#(text)"}]}"#)
    #expect(output.status == 0)
    let layout = try scratch.json("out/m/layout.json")
    let renders = try #require(layout["renders"] as? [[String: Any]])
    #expect(
      renders.first?["visibleText"] as? String
        == #"<b>bold</b> &amp; <span foreground="red">x</span>"#)
  }
}

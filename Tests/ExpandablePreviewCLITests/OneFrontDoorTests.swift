import Foundation
import Testing

/// `render --text` is a one-item plan: the same settings given as flags and as a manifest's
/// only item give the same bytes and the same layout entry.
@Suite struct OneFrontDoorTests {
  /// Flags and the manifest item they stand for, one state each.
  static let cases: [(flags: [String], item: String, file: String)] = [
    (["--width", "200", "--scale", "1"], #""width": 200, "scale": 1"#, "collapsed@1x.png"),
    (
      [
        "--style", "ellipsis", "--more", "More", "--line-limit", "2", "--width", "327", "--scale",
        "3", "--appearance", "dark",
      ],
      #""style": "ellipsis", "expandButton": "More", "lineLimit": 2, "width": 327, "scale": 3, "appearance": "dark""#,
      "collapsed@3x.png"
    ),
    (
      ["--state", "expanded", "--less", "Less", "--language", "ar", "--dynamic-type", "xxxLarge"],
      #""states": ["expanded"], "collapseButton": "Less", "language": "ar", "dynamicType": "xxxLarge""#,
      "expanded@2x.png"
    ),
    (
      ["--animate", "easeOut", "--fps", "20", "--scale", "1"],
      #""animation": {"curve": "easeOut", "fps": 20}, "states": ["expanding"], "scale": 1"#,
      "expanding@1x.png"
    ),
    (
      ["--accessibility-overlay", "--scale", "1", "--device", "iPhone SE"],
      #""accessibilityOverlay": true, "scale": 1, "device": "iPhone SE""#, "collapsed@1x.png"
    ),
  ]

  static let text =
    "Hello world, this is a test of the expandable text component that should truncate "
    + "somewhere along its third line, with an emoji 🙂 and a long word: Donaudampfschiff."

  @Test(arguments: cases.indices)
  func aTextEqualsTheOneItemManifestThatSaysTheSame(_ index: Int) throws {
    let (flags, item, file) = Self.cases[index]
    let scratch = try Scratch()
    try scratch.write("t.txt", Self.text)
    let single = try CLI.runInProcess(
      ["render", "--text-file", "t.txt", "--out", "one.png", "--print-layout"] + flags,
      in: scratch.url)
    #expect(single.status == 0, "\(single.stderr)")
    let states = item.contains("\"states\"") ? "" : #", "states": ["collapsed"]"#
    try scratch.write(
      "m.json", #"{"items": [{"name": "a", "textFile": "t.txt", "# + item + states + "}]}")
    let manifest = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(manifest.status == 0, "\(manifest.stderr)")

    let files = try scratch.files(in: ".")
    #expect(files["one.png"] != nil && files["one.png"] == files["out/a/\(file)"], "\(flags)")
    if item.contains("accessibilityOverlay") {
      let overlay = file.replacingOccurrences(of: "@", with: "-accessibility@")
      #expect(files["one-accessibility.png"] == files["out/a/\(overlay)"])
    }
    // The whole file, but the item's name (`text` for --text): byte for byte in
    // LayoutSchemaCLITests.
    let printed = try #require(
      JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])
    let renders = try #require(try scratch.json("out/a/layout.json")["renders"] as? [Any])
    #expect(renders.count == 1)
    #expect((printed["renders"] as? NSArray) == (renders as NSArray), "\(flags)")
  }
}

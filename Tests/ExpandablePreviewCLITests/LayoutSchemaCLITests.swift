import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import Foundation
import Testing

/// One layout schema across the files: `render --text --print-layout` prints the bytes a
/// one-item manifest's `layout.json` holds, and files written before `schemaVersion` (a
/// fixture from the build before it) are read, or rendered again with a warning.
@Suite struct LayoutSchemaCLITests {
  /// Files written by the build before layout schema 2 (Tests/Fixtures/layout-schema-1).
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/layout-schema-1")

  static let words = [
    "Hello", "world,", "a", "longer", "sentence", "🙂", "Donaudampfschiff", "שלום", "日本語の文",
    "and", "more", "text", "that", "wraps",
  ]

  /// Seeded one-state items, both styles and both still states, plus an animation: the flags
  /// and the manifest item that says the same.
  static func cases() -> [(flags: [String], item: String, text: String)] {
    var random = SplitMix64(seed: 31)
    var cases: [(flags: [String], item: String, text: String)] = []
    for index in 0..<6 {
      let style = index % 2 == 0 ? "fade" : "ellipsis"
      let state = index / 2 % 2 == 0 ? "collapsed" : "expanded"
      let width = Int.random(in: 120...360, using: &random)
      let lineLimit = Int.random(in: 1...3, using: &random)
      let text = (0..<Int.random(in: 3...30, using: &random)).map { _ in
        words.randomElement(using: &random)!
      }.joined(separator: " ")
      cases.append(
        (
          [
            "--style", style, "--state", state, "--width", "\(width)", "--line-limit",
            "\(lineLimit)", "--scale", "1",
          ],
          #""style": "\#(style)", "states": ["\#(state)"], "width": \#(width), "lineLimit": \#(lineLimit), "scale": 1"#,
          text
        ))
    }
    cases.append(
      (
        ["--animate", "easeOut", "--fps", "10", "--scale", "1", "--width", "150"],
        #""animation": {"curve": "easeOut", "fps": 10}, "states": ["expanding"], "scale": 1, "width": 150"#,
        "An animated text that is long enough to need more than three lines at this width."
      ))
    return cases
  }

  @Test(arguments: cases().indices)
  func printLayoutPrintsTheOneItemManifestsLayoutJSONByteForByte(_ index: Int) throws {
    let (flags, item, text) = Self.cases()[index]
    let scratch = try Scratch()
    try scratch.write("t.txt", text)
    let single = try CLI.runInProcess(
      ["render", "--text-file", "t.txt", "--out", "one.png", "--print-layout"] + flags,
      in: scratch.url)
    #expect(single.status == 0, "\(single.stderr)")
    try scratch.write(
      "m.json", #"{"items": [{"name": "text", "textFile": "t.txt", "# + item + "}]}")
    let manifest = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(manifest.status == 0, "\(manifest.stderr)")
    let file = try Data(contentsOf: scratch.url.appendingPathComponent("out/text/layout.json"))
    #expect(Data(single.stdout.utf8) == file, "\(flags)")
    #expect(single.stdout.contains("\n  \"schemaVersion\" : \(LayoutSchema.version)\n}\n"))
  }

  /// A golden's record and `layout.json` hold the same facts for the same render (the record
  /// without the count of Pango layouts): a still's, and an animation's two ends.
  @Test func aGoldenRecordHoldsTheFactsOfItsLayoutJSONEntry() throws {
    let scratch = try Scratch()
    try Self.copy("m.json", into: scratch)
    #expect(try scratch.run("render", "m.json", "--out", "out", "--quiet").status == 0)
    _ = try scratch.run("verify", "m.json", "--snapshots", "goldens", "--quiet")
    var compared = 0
    for item in ["fade", "ellipsis", "anim"] {
      let data = try Data(contentsOf: scratch.url.appendingPathComponent("out/\(item)/layout.json"))
      let renders =
        try #require(
          try JSONSerialization.jsonObject(with: data) as? [String: Any])["renders"] as? [Any]
      for render in try #require(renders as? [[String: Any]]) {
        let file = try #require(render["file"] as? String)
        let record = try LayoutRecord(
          jsonData: Data(
            contentsOf: scratch.url.appendingPathComponent(
              "goldens/\(item)/" + LayoutRecord.path(forGolden: file))))
        func facts(_ key: String?) throws -> LayoutSchema.Facts {
          let object = try #require(key.map { render[$0] } ?? render)
          return try JSONDecoder().decode(
            LayoutSchema.Facts.self, from: JSONSerialization.data(withJSONObject: object)
          ).withoutWork
        }
        if render["frames"] != nil {
          #expect(try facts("collapsed") == record.collapsed, "\(item)/\(file)")
          #expect(try facts("expanded") == record.expanded, "\(item)/\(file)")
          let frames = try #require(render["frames"] as? [[String: Double]])
          #expect(frames.map { $0["height"]! } == record.frameHeights)
        } else {
          #expect(try facts(nil) == record.still, "\(item)/\(file)")
        }
        compared += 1
      }
    }
    #expect(compared == 5)
  }

  /// Copies the fixture's `name` into `scratch`.
  static func copy(_ name: String, into scratch: Scratch) throws {
    try FileManager.default.copyItem(
      at: fixture.appendingPathComponent(name), to: scratch.url.appendingPathComponent(name))
  }

  /// An output folder of the build before: its render record is of another version, so
  /// every job is rendered again (saying so) and no part of an old layout.json is kept.
  @Test func anOutputFolderOfTheBuildBeforeIsRenderedAgainWithAWarning() throws {
    let scratch = try Scratch()
    try Self.copy("m.json", into: scratch)
    try Self.copy("out", into: scratch)
    let old = try scratch.files(in: "out")
    let run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "is of another version of expandable-preview or damaged: every job is rendered again"),
      "\(run.stderr)")
    #expect(run.stdout.contains("Rendered 5 of 5 files"), "\(run.stdout)")
    let new = try scratch.files(in: "out")
    for item in ["fade", "ellipsis", "anim"] {
      let layout = String(decoding: try #require(new["\(item)/layout.json"]), as: UTF8.self)
      #expect(layout.contains("\"schemaVersion\" : \(LayoutSchema.version)"), "\(item)")
      #expect(new["\(item)/layout.json"] != old["\(item)/layout.json"], "\(item)")
    }
    // Only the layout files' schema changed, not the images.
    for (path, bytes) in old where path.hasSuffix(".png") { #expect(new[path] == bytes, "\(path)") }
  }

  /// Goldens with records of the build before (no `schemaVersion`: version 1) are read and
  /// match; the records stay as they are.
  @Test func recordsOfTheBuildBeforeAreReadAndMatch() throws {
    let scratch = try Scratch()
    try Self.copy("m.json", into: scratch)
    try Self.copy("goldens", into: scratch)
    let old = try scratch.files(in: "goldens")
    let run = try scratch.run("verify", "m.json", "--snapshots", "goldens", "--record", "never")
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(!run.stdout.contains("record"), "\(run.stdout)")
    #expect(!run.stderr.contains("record"), "\(run.stderr)")
    #expect(
      try scratch.files(in: "goldens").filter { $0.key.hasSuffix(".json") }
        == old.filter { $0.key.hasSuffix(".json") })
  }

  /// A record of a schema version this build does not know is reported in the documented
  /// words, and written anew when its golden is recorded.
  @Test func aRecordOfAnotherVersionIsReportedAndWrittenAnew() throws {
    let scratch = try Scratch()
    try Self.copy("m.json", into: scratch)
    try Self.copy("goldens", into: scratch)
    let path = scratch.url.appendingPathComponent("goldens/fade/collapsed@1x.layout.json")
    let future = String(decoding: try Data(contentsOf: path), as: UTF8.self)
      .replacingOccurrences(of: "{\n  \"fonts\"", with: "{\n  \"schemaVersion\" : 3,\n  \"fonts\"")
    try Data(future.utf8).write(to: path)
    let checked = try scratch.run(
      "verify", "m.json", "--snapshots", "goldens", "--record", "never")
    #expect(checked.status == 0, "\(checked.stderr)")
    #expect(
      checked.stdout.contains(
        "Layout record not used (pixels compared only): \(path.path): "
          + LayoutRecord.otherVersion(3)), "\(checked.stdout)")
    let healed = try scratch.run(
      "verify", "m.json", "--snapshots", "goldens", "--record", "failed")
    #expect(healed.status == 0, "\(healed.stderr)")
    let rewritten = try LayoutRecord(jsonData: Data(contentsOf: path))
    #expect(rewritten.schemaVersion == LayoutSchema.version)
  }
}

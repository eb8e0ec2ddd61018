@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

/// What an incremental `render` keeps besides the images: each item's `layout.json` (a skipped
/// job keeps its part of it), the warnings of skipped jobs, and the render record itself.
@Suite struct IncrementalReportsTests {
  static let record = ".expandable-preview-render.json"

  /// Items with a variant axis: four jobs each.
  static func manifest(
    texts: [String], appearance: [String] = ["light", "dark"], scale: [Int] = [1],
    states: [String] = ["collapsed", "expanded"]
  ) -> String {
    func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }
    let items = texts.enumerated().map { #"{"name": "i\#($0)", "text": "\#($1)"}"# }
    let axes =
      #""appearance": \#(list(appearance.map { "\"\($0)\"" })), "#
      + #""scale": \#(list(scale.map(String.init)))"#
    return #"{"defaults": {"width": 200, "lineLimit": 2, "states": "#
      + list(states.map { "\"\($0)\"" }) + #"}, "variants": {\#(axes)}, "items": ["#
      + items.joined(separator: ", ") + "]}"
  }

  static let texts = [
    "One short line.", "A longer text that wraps over several lines at this narrow width.",
  ]

  /// The output folder's files but the record, and a fresh full run's of the same manifest.
  static func outputAndFresh(_ scratch: Scratch, _ folder: String) throws -> (
    [String: Data], [String: Data]
  ) {
    let fresh = "fresh-\(UUID().uuidString)"
    #expect(try scratch.run("render", "m.json", "--out", fresh, "--quiet").status == 0)
    var output = try scratch.files(in: folder)
    var full = try scratch.files(in: fresh)
    output[record] = nil
    full[record] = nil
    return (output, full)
  }

  @Test func aTamperedOrDeletedLayoutJSONIsWrittenAgainComplete() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(texts: Self.texts))
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    let layout = scratch.url.appendingPathComponent("out/i0/layout.json")
    let original = try Data(contentsOf: layout)
    // The same length, other bytes: only reading it shows the change.
    var edited = original
    let digit = try #require(edited.firstIndex(of: UInt8(ascii: "0")))
    edited[digit] = UInt8(ascii: "1")
    try edited.write(to: layout)
    try FileManager.default.removeItem(
      at: scratch.url.appendingPathComponent("out/i1/layout.json"))
    let run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.status == 0, "\(run.stderr)")
    // Their parts are gone with the files: every job of both items is rendered.
    #expect(run.stdout.contains("Rendered 8 of 8 files for"), "\(run.stdout)")
    #expect(try Data(contentsOf: layout) == original)
    let (output, fresh) = try Self.outputAndFresh(scratch, "out")
    #expect(output == fresh)
    // Unchanged again: nothing rendered.
    let again = try scratch.run("render", "m.json", "--out", "out")
    #expect(again.stdout.contains("Rendered 0 of 8 files (8 unchanged)"), "\(again.stdout)")
  }

  /// An item with some jobs rendered and others skipped gets a `layout.json` with every
  /// render, the skipped ones' parts kept from the file before: the bytes of a fresh run.
  @Test func anItemWithSomeJobsSkippedGetsACompleteLayoutJSON() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(texts: Self.texts))
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    let layoutBefore = try Data(
      contentsOf: scratch.url.appendingPathComponent("out/i1/layout.json"))
    // One image deleted: its job alone is rendered.
    try FileManager.default.removeItem(
      at: scratch.url.appendingPathComponent("out/i1/expanded-dark@1x.png"))
    var run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.stdout.contains("Rendered 1 of 8 files (7 unchanged)"), "\(run.stdout)")
    #expect(
      try Data(contentsOf: scratch.url.appendingPathComponent("out/i1/layout.json"))
        == layoutBefore)
    // A scale added: the new jobs are rendered and listed between the kept ones.
    try scratch.write("m.json", Self.manifest(texts: Self.texts, scale: [1, 2]))
    run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.stdout.contains("Rendered 8 of 16 files (8 unchanged)"), "\(run.stdout)")
    var (output, fresh) = try Self.outputAndFresh(scratch, "out")
    #expect(output == fresh)
    // A state dropped: the remaining jobs are all skipped, the file lists only them.
    try scratch.write(
      "m.json", Self.manifest(texts: Self.texts, scale: [1, 2], states: ["collapsed"]))
    run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.stdout.contains("Rendered 0 of 8 files (8 unchanged)"), "\(run.stdout)")
    (output, fresh) = try Self.outputAndFresh(scratch, "out")
    // The expanded images stay (the earlier run's files of jobs no longer planned).
    #expect(output.filter { !$0.key.contains("expanded") } == fresh)
  }

  /// On seeded random manifests with variants and edits of every kind (texts, an axis, the
  /// states, a deleted image, an edited `layout.json`), an incremental run gives the files of
  /// a fresh full run.
  @Test func incrementalRunsWithPartlyChangedItemsEqualFreshRuns() throws {
    var generator = SplitMix64(seed: 7)
    let words = ["tea", "a", "longer", "word", "wraps", "here", "and", "there", "ok"]
    func text() -> String {
      (0..<Int.random(in: 1...14, using: &generator)).map { _ in
        words.randomElement(using: &generator)!
      }.joined(separator: " ")
    }
    for round in 0..<2 {
      let scratch = try Scratch()
      var texts = (0..<Int.random(in: 2...3, using: &generator)).map { _ in text() }
      try scratch.write("m.json", Self.manifest(texts: texts))
      _ = try scratch.run("render", "m.json", "--out", "inc", "--quiet", "--jobs", "2")
      for index in texts.indices where Int.random(in: 0..<3, using: &generator) == 0 {
        texts[index] = text()
      }
      let appearance = [["light", "dark"], ["dark", "light"], ["dark"]].randomElement(
        using: &generator)!
      let scale = [[1], [1, 2], [2, 1]].randomElement(using: &generator)!
      let states = [["collapsed", "expanded"], ["expanded"]].randomElement(using: &generator)!
      try scratch.write(
        "m.json",
        Self.manifest(texts: texts, appearance: appearance, scale: scale, states: states))
      let item = "inc/i\(Int.random(in: 0..<texts.count, using: &generator))"
      if Bool.random(using: &generator) {
        let images = try scratch.files(in: item).keys.filter { $0.hasSuffix(".png") }.sorted()
        try FileManager.default.removeItem(
          at: scratch.url.appendingPathComponent(
            item + "/" + images.randomElement(using: &generator)!))
      }
      if Bool.random(using: &generator) {
        // Edited by hand: a number changed.
        let layout = scratch.url.appendingPathComponent(item + "/layout.json")
        var edited = try Data(contentsOf: layout)
        let digit = try #require(edited.lastIndex(of: UInt8(ascii: "0")))
        edited[digit] = UInt8(ascii: "7")
        try edited.write(to: layout)
      }
      let run = try scratch.run("render", "m.json", "--out", "inc", "--jobs", "2")
      #expect(run.status == 0, "round \(round): \(run.stderr)")
      var (output, fresh) = try Self.outputAndFresh(scratch, "inc")
      // Images of jobs no longer planned stay (listed by nothing); all else is equal.
      output = output.filter { path, _ in
        !path.hasSuffix(".png") || fresh[path] != nil
      }
      #expect(output == fresh, "round \(round)")
    }
  }

  @Test func aSkippedAnimationWithNothingToExpandStillWarns() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      #"{"defaults": {"width": 200, "scale": 1, "animation": "easeOut", "states": ["expanding"]}, "#
        + #""items": [{"name": "short", "text": "Hi."}]}"#)
    let warning =
      "warning: m.json: item 'short': the text fits within lineLimit 3, so there is nothing "
      + "to expand: expanding@1x.png is one frame, the still\n"
    let first = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(first.stderr == warning)
    let second = try scratch.run("render", "m.json", "--out", "out")
    #expect(second.stdout.contains("Rendered 0 of 1 file"), "\(second.stdout)")
    #expect(second.stderr == warning)
  }

  /// A record file that is not the tool's is never replaced; the tool's own record of an
  /// earlier version, or damaged, is replaced and every job rendered.
  @Test func aForeignRecordIsKeptAndAnOlderOrDamagedOneReplaced() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(texts: Self.texts))
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    let recordURL = scratch.url.appendingPathComponent("out/" + Self.record)
    let ours = try Data(contentsOf: recordURL)
    let older = String(decoding: ours, as: UTF8.self).replacingOccurrences(
      of: #""version" : 4"#, with: #""version" : 3"#
    ).replacingOccurrences(of: #""version":4"#, with: #""version":3"#)
    #expect(older != String(decoding: ours, as: UTF8.self))
    for replaced in [older, String(decoding: ours.prefix(ours.count / 2), as: UTF8.self)] {
      try Data(replaced.utf8).write(to: recordURL)
      let run = try scratch.run("render", "m.json", "--out", "out")
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("Rendered 8 of 8 files for"), "\(run.stdout)")
      #expect(
        try IncrementalRenderTests.withoutStamps(Data(contentsOf: recordURL))
          == IncrementalRenderTests.withoutStamps(ours))
    }
    let foreign = Data(#"{"jobs": {}}"#.utf8)
    try foreign.write(to: recordURL)
    let refused = try scratch.run("render", "m.json", "--out", "out")
    #expect(refused.status != 0)
    #expect(
      refused.stderr.contains(
        "\(Self.record): not replaced: the \(Self.record) there was not written by "
          + "expandable-preview"), "\(refused.stderr)")
    #expect(try Data(contentsOf: recordURL) == foreign)
  }
}

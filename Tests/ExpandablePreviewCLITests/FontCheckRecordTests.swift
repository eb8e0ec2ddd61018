@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

/// `render` keeps the manifest's font check in its output folder and reuses an item's result
/// while its key matches, so a run that renders nothing new builds no font configuration; the
/// warnings, errors and exit codes stay those of a full check.
@Suite struct FontCheckRecordTests {
  static let record = ".expandable-preview-font-check.json"
  static let narrow = "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf"
  static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

  static func manifest(_ items: [(name: String, text: String, font: String?)], fonts: String = "")
    -> String
  {
    let entries = items.map { item in
      #"{"name": "\#(item.name)", "text": "\#(item.text)""#
        + (item.font.map { #", "font": "\#($0)""# } ?? "") + "}"
    }
    return #"{\#(fonts)"defaults": {"width": 120, "scale": 1, "states": "collapsed"}, "items": ["#
      + entries.joined(separator: ", ") + "]}"
  }

  @Test func aRecordedResultIsPrintedWhileItsKeyMatchesAndAChangeChecksAgain() throws {
    let scratch = try Scratch()
    let items: [(name: String, text: String, font: String?)] = [
      ("a", "Hello ሰላም", nil), ("b", "Plain words", "Missing Family 15"), ("c", "Fine", nil),
    ]
    try scratch.write("m.json", Self.manifest(items))
    let first = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("item 'a', key 'text': no font of the pinned set has U+1230"))
    #expect(first.stderr.contains("item 'b', key 'font': font family 'Missing Family'"))

    // Plant a message under c's recorded key: printed as recorded, so the check was not run
    // again; a's and b's recorded messages are the real ones.
    let url = scratch.url.appendingPathComponent("out/" + Self.record)
    var record = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var entries = try #require(record["items"] as? [String: [String: Any]])
    #expect(Set(entries.keys) == ["a", "b", "c"])
    #expect((entries["c"]?["problems"] as? [String]) == [])
    entries["c"]?["problems"] = ["key 'text': planted"]
    record["items"] = entries
    try JSONSerialization.data(withJSONObject: record).write(to: url)
    let reused = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(reused.status == 0)
    #expect(reused.stderr == first.stderr + "warning: m.json: item 'c', key 'text': planted\n")

    // c's text changes: its key no longer matches, and it is checked again (nothing planted).
    var edited = items
    edited[2].text = "Fine too"
    try scratch.write("m.json", Self.manifest(edited))
    let checked = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(checked.stderr == first.stderr, "\(checked.stderr)")

    // The warnings go and come back with the text and the font that cause them.
    edited[0].text = "Hello"
    edited[1].font = "DejaVu Sans 15"
    try scratch.write("m.json", Self.manifest(edited))
    let fixed = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(fixed.status == 0)
    #expect(fixed.stderr.isEmpty, "\(fixed.stderr)")
    try scratch.write("m.json", Self.manifest(items))
    let again = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(again.stderr == first.stderr, "\(again.stderr)")
    // --strict still fails on a recorded problem, before rendering anything.
    let strict = try scratch.run("render", "m.json", "--out", "out", "--strict", "--quiet")
    #expect(strict.status == 2)
    #expect(strict.stderr == first.stderr.replacingOccurrences(of: "warning: ", with: "error: "))
    // Items no longer in the manifest leave the record.
    try scratch.write("m.json", Self.manifest([items[2]]))
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    let kept = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    #expect((kept["items"] as? [String: Any]).map { Set($0.keys) } == ["c"])
  }

  /// A seeded random manifest edited run after run: each incremental run prints exactly the
  /// warnings of a full check of the same manifest (the same folder with no item left in the
  /// font check's record, so that only the check differs).
  @Test func warningsOfIncrementalRunsEqualThoseOfFullChecks() throws {
    var random = SplitMix64(seed: 3)
    let texts = ["Hello", "Hello ሰላም", "ሰላም", "Words", "Plain ✓ text", "Gamma ⴰ"]
    let fonts: [String?] = [nil, "Missing Family 15", "DejaVu Sans 15", "Nope Sans 12"]
    var items = (0..<6).map { index in
      (
        name: "i\(index)", text: texts.randomElement(using: &random)!,
        font: fonts.randomElement(using: &random)!
      )
    }
    let scratch = try Scratch()
    let record = scratch.url.appendingPathComponent("out/" + Self.record)
    var warned = 0
    for step in 0..<4 {
      if step > 0 {
        for _ in 0..<2 {
          let index = Int.random(in: 0..<items.count, using: &random)
          if Bool.random(using: &random) {
            items[index].text = texts.randomElement(using: &random)!
          } else {
            items[index].font = fonts.randomElement(using: &random)!
          }
        }
      }
      try scratch.write("m.json", Self.manifest(items))
      let incremental = try scratch.run("render", "m.json", "--out", "out", "--quiet")
      // Every item forgotten; the stamps of the font files stay, so they are not read again.
      var kept = try #require(
        JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
      #expect((kept["items"] as? [String: Any])?.count == items.count)
      kept["items"] = [String: Any]()
      try JSONSerialization.data(withJSONObject: kept).write(to: record)
      let full = try scratch.run("render", "m.json", "--out", "out", "--quiet")
      #expect(incremental.status == 0 && full.status == 0)
      #expect(incremental.stderr == full.stderr, "step \(step): \(items)")
      warned += full.stderr.split(separator: "\n").count
    }
    #expect(warned > 4, "the manifests have problems to report")
  }

  @Test func aFontsEntryThatBecameUnreadableStillFailsWithExitTwo() throws {
    try #require(
      FileManager.default.fileExists(atPath: Self.narrow), "Scripts/setup.sh installs it")
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("fonts"), withIntermediateDirectories: true)
    let font = scratch.url.appendingPathComponent("fonts/Brand.ttf")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.narrow), to: font)
    try scratch.write(
      "m.json",
      Self.manifest(
        [("a", "Alpha", "Liberation Sans Narrow 13")], fonts: #""fonts": ["fonts/Brand.ttf"], "#))
    // Processes of their own: a process keeps the configuration it built for its life.
    let first = try scratch.runExecutable("render", "m.json", "--out", "out", "--quiet")
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")

    // Another font under the same name: the family is gone, and the check says so.
    try FileManager.default.removeItem(at: font)
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.serif), to: font)
    let other = try scratch.runExecutable("render", "m.json", "--out", "out", "--quiet")
    #expect(other.status == 0)
    #expect(
      other.stderr.contains("item 'a', key 'font': font family 'Liberation Sans Narrow' is not "),
      "\(other.stderr)")

    // Not a font any more: exit 2 with the error of a run without a record.
    try scratch.write("fonts/Brand.ttf", "not a font")
    let broken = try scratch.runExecutable("render", "m.json", "--out", "out", "--quiet")
    let fresh = try scratch.runExecutable("render", "m.json", "--out", "fresh", "--quiet")
    #expect(broken.status == 2)
    #expect(broken.stderr == fresh.stderr)
    #expect(broken.stderr.contains("error: m.json: key 'fonts': "), "\(broken.stderr)")
    #expect(broken.stderr.contains("Brand.ttf"), "\(broken.stderr)")
    // Gone: the manifest's error, as without a record.
    try FileManager.default.removeItem(at: font)
    let gone = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(gone.status == 2)
    #expect(gone.stderr.contains("key 'fonts': 'fonts/Brand.ttf' does not exist"), "\(gone.stderr)")
  }
}

/// `verify` keeps the same record in its artifacts folder (the tool's own, marked).
@Suite struct VerifyFontCheckRecordTests {
  @Test func verifyReusesTheRecordInItsArtifactsFolderAndPrintsTheSameWarnings() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      FontCheckRecordTests.manifest([("a", "Hello ሰላም", nil), ("b", "Plain", "Missing Family 15")])
    )
    let arguments = ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--quiet"]
    let first = try CLI.runInProcess(arguments + ["--record", "missing"], in: scratch.url)
    #expect(first.status == 1, "\(first.stderr)")
    let warnings = first.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count == 2, "\(first.stderr)")
    let url = scratch.url.appendingPathComponent("art/" + FontCheckRecordTests.record)
    var record = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var entries = try #require(record["items"] as? [String: [String: Any]])
    entries["b"]?["problems"] = ["key 'font': planted"]
    record["items"] = entries
    try JSONSerialization.data(withJSONObject: record).write(to: url)
    let second = try CLI.runInProcess(arguments + ["--record", "never"], in: scratch.url)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      second.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        == [warnings[0], "warning: m.json: item 'b', key 'font': planted"])
  }
}

@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

/// `render` skips a job whose key and files are unchanged, renders everything else, and ends
/// with the same files as a fresh full run.
@Suite struct IncrementalRenderTests {
  static func manifest(texts: [String], lineLimit: Int = 2) -> String {
    let items = texts.enumerated().map { #"{"name": "i\#($0)", "text": "\#($1)"}"# }
    return #"{"defaults": {"width": 200, "scale": 1, "lineLimit": \#(lineLimit)}, "items": ["#
      + items.joined(separator: ", ") + "]}"
  }

  static let texts = [
    "One short line.", "A longer text that wraps over several lines at this narrow width.",
    "Third item, also long enough to be cut when collapsed at two lines here.",
  ]

  @Test func anUnchangedRunSkipsEveryFileAndKeepsTheReports() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(texts: Self.texts))
    let first = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(first.status == 0, "\(first.stderr)")
    var before = try scratch.files(in: "out")
    let second = try scratch.run("render", "m.json", "--out", "out")
    #expect(second.status == 0)
    #expect(second.stdout.contains("Rendered 0 of 6 files (6 unchanged)"), "\(second.stdout)")
    var after = try scratch.files(in: "out")
    // The record gains the files' stamps when the second run starts over 2 s after the first
    // wrote them (a loaded machine); the rest of it stays.
    let record = ".expandable-preview-render.json"
    let (recordBefore, recordAfter) = (
      before.removeValue(forKey: record), after.removeValue(forKey: record)
    )
    #expect(recordBefore != nil)
    #expect(try Self.withoutStamps(recordAfter) == Self.withoutStamps(recordBefore))
    // So does the font check's record: its input files' stamps may be added, nothing else.
    let fontCheck = ".expandable-preview-font-check.json"
    let (checkBefore, checkAfter) = (
      before.removeValue(forKey: fontCheck), after.removeValue(forKey: fontCheck)
    )
    #expect(checkBefore != nil)
    #expect(try Self.withoutInputs(checkAfter) == Self.withoutInputs(checkBefore))
    #expect(after == before)
    #expect(before["i1/layout.json"] != nil && before["index.html"] != nil)
    // A render without links lists none on one line.
    let layout = String(decoding: before["i1/layout.json"] ?? Data(), as: UTF8.self)
    #expect(layout.contains("\"links\" : [],\n") && !layout.contains("[\n\n"), "\(layout)")
  }

  /// A report whose bytes would not change is left as it is (same inode: an atomic rewrite
  /// always makes a new one); one whose item changed is replaced.
  @Test func reportsWithUnchangedBytesAreNotRewritten() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(texts: Self.texts))
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    let reports = ["i0/layout.json", "i1/layout.json", "i2/layout.json", "index.html"]
    func inodes() throws -> [String: Int] {
      try Dictionary(
        uniqueKeysWithValues: reports.map { report in
          let path = scratch.url.appendingPathComponent("out/" + report).path
          let attributes = try FileManager.default.attributesOfItem(atPath: path)
          return (report, try #require(attributes[.systemFileNumber] as? Int))
        })
    }
    let first = try inodes()
    var texts = Self.texts
    texts[1] += " More."
    try scratch.write("m.json", Self.manifest(texts: texts))
    let oldLayout = try Data(contentsOf: scratch.url.appendingPathComponent("out/i1/layout.json"))
    let run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.status == 0 && run.stdout.contains("Rendered 2 of 6 files"), "\(run.stdout)")
    let second = try inodes()
    #expect(second["i0/layout.json"] == first["i0/layout.json"])
    #expect(second["i2/layout.json"] == first["i2/layout.json"])
    #expect(second["i1/layout.json"] != first["i1/layout.json"])
    let newLayout = try Data(contentsOf: scratch.url.appendingPathComponent("out/i1/layout.json"))
    #expect(newLayout != oldLayout)
    // Unchanged again: nothing is rewritten, the gallery included.
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(try inodes() == second)
  }

  @Test func eachKindOfChangeRendersOnlyWhatItChanges() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(texts: Self.texts))
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    // A text.
    var texts = Self.texts
    texts[1] += " More."
    try scratch.write("m.json", Self.manifest(texts: texts))
    var run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.stdout.contains("Rendered 2 of 6 files (4 unchanged)"), "\(run.stdout)")
    // Each progress line says whether its files were left as they were.
    let lines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("[") }
    #expect(lines.count == 6, "\(run.stdout)")
    for line in lines {
      #expect(line.hasSuffix(" (unchanged)") == !line.contains("] i1/"), "\(line)")
    }
    // A setting of every item.
    try scratch.write("m.json", Self.manifest(texts: texts, lineLimit: 3))
    run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.stdout.contains("Rendered 6 of 6 files for"), "\(run.stdout)")
    // A tampered file and a deleted one.
    let tampered = scratch.url.appendingPathComponent("out/i0/collapsed@1x.png")
    try Data("not a png".utf8).write(to: tampered)
    try FileManager.default.removeItem(
      at: scratch.url.appendingPathComponent("out/i2/expanded@1x.png"))
    run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.stdout.contains("Rendered 2 of 6 files (4 unchanged)"), "\(run.stdout)")
    #expect(try Data(contentsOf: tampered).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    // --force.
    run = try scratch.run("render", "m.json", "--out", "out", "--force")
    #expect(run.stdout.contains("Rendered 6 of 6 files for"), "\(run.stdout)")
  }

  @Test func filesOfRemovedItemsAreListedAndPrunedOnlyWhenAsked() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(texts: Self.texts))
    _ = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    try scratch.write("m.json", Self.manifest(texts: Array(Self.texts.prefix(2))))
    var run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.stdout.contains("2 file(s) of items no longer in the manifest"), "\(run.stdout)")
    #expect(run.stdout.contains("i2/collapsed@1x.png"))
    #expect(FileManager.default.fileExists(atPath: scratch.url.path + "/out/i2/collapsed@1x.png"))
    run = try scratch.run("render", "m.json", "--out", "out", "--prune")
    #expect(run.stdout.contains("removed"), "\(run.stdout)")
    #expect(!FileManager.default.fileExists(atPath: scratch.url.path + "/out/i2"))
    #expect(FileManager.default.fileExists(atPath: scratch.url.path + "/out/i1/collapsed@1x.png"))
  }

  /// On seeded random manifests and edits, an incremental run into the earlier output gives
  /// the same files as a full run into an empty folder (the record aside).
  @Test func incrementalRunsEqualFreshRunsOnRandomManifests() throws {
    var generator = SplitMix64(seed: 22)
    let words = ["tea", "a", "longer", "word", "wraps", "here", "and", "there", "ok"]
    for round in 0..<3 {
      let scratch = try Scratch()
      func text() -> String {
        (0..<Int.random(in: 1...14, using: &generator)).map { _ in
          words.randomElement(using: &generator)!
        }.joined(separator: " ")
      }
      var texts = (0..<Int.random(in: 2...5, using: &generator)).map { _ in text() }
      try scratch.write("m.json", Self.manifest(texts: texts))
      _ = try scratch.run("render", "m.json", "--out", "inc", "--quiet", "--jobs", "2")
      for index in texts.indices where Bool.random(using: &generator) { texts[index] = text() }
      let limit = Int.random(in: 1...3, using: &generator)
      try scratch.write("m.json", Self.manifest(texts: texts, lineLimit: limit))
      let incremental = try scratch.run("render", "m.json", "--out", "inc", "--jobs", "3")
      let fresh = try scratch.run("render", "m.json", "--out", "fresh", "--quiet", "--jobs", "1")
      #expect(incremental.status == 0 && fresh.status == 0)
      var a = try scratch.files(in: "inc")
      var b = try scratch.files(in: "fresh")
      let recordA = a.removeValue(forKey: ".expandable-preview-render.json")
      let recordB = b.removeValue(forKey: ".expandable-preview-render.json")
      #expect(a == b, "round \(round)")
      // Equal keys across processes and job counts: the records are the same but for the
      // stamps, which are each folder's own (files, inodes, times).
      #expect(recordA != nil, "round \(round)")
      #expect(try Self.withoutStamps(recordA) == Self.withoutStamps(recordB), "round \(round)")
    }
  }
}

extension IncrementalRenderTests {
  /// A render record's JSON without the file stamps and the input files' entries.
  static func withoutStamps(_ data: Data?) throws -> NSDictionary? {
    // A job is `[key, stillAnimation, [path, sha256, stamp]…]`, an item's layout.json
    // `[sha256, stamp, start, files, lengths]`.
    guard let data, var record = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let jobs = record["jobs"] as? [String: [Any]],
      let reports = record["reports"] as? [String: [Any]]
    else { return nil }
    record["inputs"] = nil
    record["jobs"] = jobs.mapValues { job in
      job.map { field in (field as? [Any]).map { Array($0.prefix(2)) } ?? field }
    }
    record["reports"] = reports.mapValues { report in
      report.enumerated().filter { $0.offset != 1 }.map(\.element)
    }
    return record as NSDictionary
  }
}

extension IncrementalRenderTests {
  /// A font check record's JSON without its input files' hashes and stamps.
  static func withoutInputs(_ data: Data?) throws -> NSDictionary? {
    guard let data, var record = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    record["inputs"] = nil
    return record as NSDictionary
  }
}

import Foundation
import Testing

/// `render` with nothing to do ends after reading its no-op record and the files' stamps
/// (it prints the summary alone, no line per file); every input and output still sends the
/// run down the full path, which renders the jobs that changed.
@Suite struct NoOpShortcutTests {
  static let texts = ["One short line.", "A longer text that wraps at this narrow width, twice."]
  static let record = ".expandable-preview-no-op"

  static func manifest(_ texts: [String] = texts) -> String {
    IncrementalRenderTests.manifest(texts: texts)
  }

  /// A folder rendered once and then short-cut once (the first run leaves the record).
  static func rendered() throws -> Scratch {
    let scratch = try Scratch()
    try scratch.write("m.json", manifest())
    let first = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(FileManager.default.fileExists(atPath: scratch.url.path + "/out/" + record))
    try expectShortCut(scratch)
    return scratch
  }

  /// The run prints the summary of an unchanged run and no line per file.
  static func expectShortCut(_ scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(
      run.stdout.hasPrefix("Rendered 0 of 4 files (4 unchanged) for 2 items in "),
      "\(run.stdout)", sourceLocation: sourceLocation)
    #expect(!run.stdout.contains("[1/4]"), "\(run.stdout)", sourceLocation: sourceLocation)
    #expect(run.stderr.isEmpty, "\(run.stderr)", sourceLocation: sourceLocation)
  }

  /// A run that did not take the short-cut: its per-file lines and its summary's first line.
  static func fullRun(_ scratch: Scratch, _ extra: String...) throws -> String {
    let run = try CLI.runInProcess(["render", "m.json", "--out", "out"] + extra, in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("[1/"), "the run was short-cut: \(run.stdout)")
    return run.stdout.split(separator: "\n").first { $0.hasPrefix("Rendered") }.map(String.init)
      ?? run.stdout
  }

  @Test func anUnchangedRunIsShortCutWithTheSameSummaryAndJSON() throws {
    let scratch = try Self.rendered()
    let json = try scratch.run("render", "m.json", "--out", "out", "--json")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(summary["rendered"] as? Int == 0 && summary["unchanged"] as? Int == 4)
    #expect(summary["items"] as? Int == 2 && summary["files"] as? Int == 4)
    #expect((summary["gallery"] as? String)?.hasSuffix("out/index.html") == true)
  }

  @Test func aManifestByteRendersTheItemItChanged() throws {
    let scratch = try Self.rendered()
    try scratch.write("m.json", Self.manifest([Self.texts[0], Self.texts[1] + "!"]))
    #expect(try Self.fullRun(scratch).hasPrefix("Rendered 2 of 4 files (2 unchanged)"))
    try Self.expectShortCut(scratch)
  }

  @Test func anOptionGoesTheFullWay() throws {
    let scratch = try Self.rendered()
    #expect(try Self.fullRun(scratch, "--strict").hasPrefix("Rendered 0 of 4 files"))
    #expect(try Self.fullRun(scratch, "--force").hasPrefix("Rendered 4 of 4 files"))
    #expect(try Self.fullRun(scratch, "--force").hasPrefix("Rendered 4 of 4 files"))
    // --force is never short-cut, but leaves a record for the run after it.
    try Self.expectShortCut(scratch)
  }

  @Test func anOutputEditedDeletedOrLinkedIsRenderedAgain() throws {
    let scratch = try Self.rendered()
    let png = scratch.url.appendingPathComponent("out/i1/expanded@1x.png")
    let original = try Data(contentsOf: png)
    try Data("not a PNG".utf8).write(to: png)
    #expect(try Self.fullRun(scratch).hasPrefix("Rendered 1 of 4 files (3 unchanged)"))
    #expect(try Data(contentsOf: png) == original)

    try FileManager.default.removeItem(at: png)
    #expect(try Self.fullRun(scratch).hasPrefix("Rendered 1 of 4 files (3 unchanged)"))
    #expect(try Data(contentsOf: png) == original)

    let twin = scratch.url.appendingPathComponent("twin.png")
    try FileManager.default.copyItem(at: png, to: twin)
    try FileManager.default.removeItem(at: png)
    try FileManager.default.createSymbolicLink(at: png, withDestinationURL: twin)
    #expect(try Self.fullRun(scratch).hasPrefix("Rendered 1 of 4 files (3 unchanged)"))
    let kind =
      try FileManager.default.attributesOfItem(atPath: png.path)[.type] as? FileAttributeType
    #expect(kind == .typeRegular)

    try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("out/i0/layout.json"))
    #expect(try Self.fullRun(scratch).hasPrefix("Rendered 2 of 4 files (2 unchanged)"))
    try Self.expectShortCut(scratch)
  }

  /// A folder rendered from a manifest with a text file (item a) and an added font, once
  /// they are settled: their stamps count only 2 s after their last change, so each test
  /// of theirs waits once.
  static func renderedFromFiles() throws -> Scratch {
    let scratch = try Scratch()
    let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    try FileManager.default.copyItem(
      atPath: font, toPath: scratch.url.appendingPathComponent("added.ttf").path)
    try scratch.write("t.txt", "A text from a file.")
    try scratch.write(
      "m.json",
      #"{"fonts": ["added.ttf"], "defaults": {"width": 200, "scale": 1}, "items": ["#
        + #"{"name": "a", "textFile": "t.txt"}, {"name": "b", "text": "Inline."}]}"#)
    Thread.sleep(forTimeInterval: 2.2)
    #expect(try fullRun(scratch).hasPrefix("Rendered 4 of 4 files"))
    try expectShortCut(scratch)
    return scratch
  }

  @Test func aTextFileChangedRendersItsItem() throws {
    let scratch = try Self.renderedFromFiles()
    try scratch.write("t.txt", "Another text from a file.")
    #expect(try Self.fullRun(scratch).hasPrefix("Rendered 2 of 4 files (2 unchanged)"))
  }

  @Test func aFontFileChangedRendersEveryJob() throws {
    let scratch = try Self.renderedFromFiles()
    let added = scratch.url.appendingPathComponent("added.ttf")
    var bytes = try Data(contentsOf: added)
    bytes.append(0)
    try bytes.write(to: added)
    #expect(try Self.fullRun(scratch).hasPrefix("Rendered 4 of 4 files"))
  }
}

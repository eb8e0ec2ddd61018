import Foundation
import Testing

/// The command line's everyday behaviour: help and version, progress and JSON summaries, the
/// gallery with `--only`, `stress`'s counts, warnings for flags that change nothing. The
/// manifest here serves `CommandLineMistakesTests` too.
@Suite struct CommandLineTests {
  static let manifest =
    #"{"defaults": {"scale": 1, "width": 100}, "items": [{"name": "a", "text": "x"}]}"#

  @Test func helpDocumentsTheManifestCommand() throws {
    let scratch = try Scratch()
    let tool = try scratch.run("--help")
    #expect(tool.status == 0)
    #expect(tool.stdout.contains("render MANIFEST --out DIR"))
    let render = try scratch.run("render", "--help")
    #expect(render.status == 0)
    for text in [
      "--jobs N", "--only NAME", "--shard K/N", "--quiet", "--json", "layout.json", "index.html",
      "textFile", "dynamicType", "collapseButton", "EXIT STATUS", "--text TEXT",
    ] {
      #expect(render.stdout.contains(text), "render --help lacks \(text)")
    }
  }

  /// `stress` counts components, each rendered in both states; `--renders` is the old name of
  /// `--components` and does the same.
  @Test func stressCountsComponentsUnderEitherName() throws {
    let scratch = try Scratch()
    var lines: [String] = []
    for flag in ["--components", "--renders"] {
      let result = try scratch.runDeveloperTool("stress", flag, "4", "--jobs", "1", "--seed", "7")
      #expect(result.status == 0, "\(flag): \(result.stderr)")
      let last = try #require(result.stdout.split(separator: "\n").last.map(String.init))
      #expect(
        last.hasPrefix(
          "stress: 4 components, each collapsed and expanded (8 renders), on 1 threads"),
        "\(last)")
      #expect(last.contains("; 0 of the 4 components broke an invariant;"), "\(last)")
      #expect(result.stdout.contains("stress: 4/4 components, RSS "), "\(result.stdout)")
      // The same inputs either way: everything but the time and memory agrees.
      lines.append(
        last.replacingOccurrences(
          of: #"[0-9.]+ s;|RSS [0-9]+ MiB"#, with: "", options: .regularExpression))
    }
    #expect(lines[0] == lines[1])
    let zero = try scratch.runDeveloperTool("stress", "--components", "0")
    #expect(zero.status == 2)
    #expect(zero.stderr.contains("--components expects a positive number"), "\(zero.stderr)")
    let help = try scratch.runDeveloperTool("stress", "--help")
    #expect(help.stdout.contains("  --renders N"), "\(help.stdout)")
    #expect(help.stdout.contains("The former name of --components"), "\(help.stdout)")
    #expect(help.stdout.contains("each collapsed and expanded (2 × N renders)"))
  }

  @Test func singleRenderFontProblemsNameTheFlagAndFailWithStrict() throws {
    let scratch = try Scratch()
    let arguments = [
      "render", "--text", "Hi \u{13000} there", "--out", "x.png", "--more-font", "Comic Sans 17",
    ]
    let warned = try CLI.runInProcess(arguments, in: scratch.url)
    #expect(warned.status == 0)
    #expect(
      warned.stderr.contains("warning: --more-font: font family 'Comic Sans' is not available"))
    #expect(warned.stderr.contains("warning: --text: no font of the pinned set has U+13000"))
    let strict = try CLI.runInProcess(arguments + ["--strict"], in: scratch.url)
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("error: --more-font: font family 'Comic Sans'"))
  }

  @Test func plainProgressLinesWhenNotATerminal() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0)
    #expect(result.stdout.contains("] a/collapsed@1x.png\n"))
    #expect(result.stdout.contains("] a/expanded@1x.png\n"))
    #expect(result.stdout.contains("Rendered 2 of 2 files for 1 item in"))
    #expect(!result.stdout.contains("\u{1B}"), "no terminal escapes in a pipe")
    let quiet = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(quiet.status == 0)
    #expect(quiet.stdout.isEmpty)
  }

  @Test func jsonSummaryDescribesTheRun() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    let result = try scratch.run("render", "m.json", "--out", "out", "--json", "--shard", "1/1")
    #expect(result.status == 0)
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(summary["files"] as? Int == 2)
    #expect(summary["rendered"] as? Int == 2)
    #expect(summary["items"] as? Int == 1)
    #expect(summary["shard"] as? String == "1/1")
    #expect((summary["failures"] as? [Any])?.isEmpty == true)
  }

  @Test func singleComponentFormStillWorks() throws {
    let scratch = try Scratch()
    let result = try scratch.run("render", "--text", "Hello", "--out", "one.png", "--scale", "1")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try pngSize(Data(contentsOf: scratch.url.appendingPathComponent("one.png"))).width == 375)
  }

  /// `--only` re-renders some items into a folder: the gallery keeps the others an earlier run
  /// wrote, in the manifest's order and marked as such; in a fresh folder it shows only those
  /// rendered.
  @Test func onlyKeepsEarlierItemsInTheGallery() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      #"{"defaults": {"scale": 1, "width": 100}, "items": [{"name": "a", "text": "x"}, {"name": "b", "text": "y"}, {"name": "c", "text": "z"}]}"#
    )
    #expect(try scratch.run("render", "m.json", "--out", "out").status == 0)
    let again = try scratch.run("render", "m.json", "--out", "out", "--only", "b")
    #expect(again.status == 0, "\(again.stderr)")
    let gallery = String(decoding: try scratch.files(in: "out")["index.html"]!, as: UTF8.self)
    let sections = ["a", "b", "c"].compactMap { gallery.range(of: "<h2>\($0)</h2>")?.lowerBound }
    #expect(sections.count == 3 && sections == sections.sorted(), "all three, in order")
    #expect(gallery.components(separatedBy: "from an earlier run").count - 1 == 2)
    #expect(gallery.contains("3 items, 6 files."))

    let fresh = try scratch.run("render", "m.json", "--out", "fresh", "--only", "b")
    #expect(fresh.status == 0, "\(fresh.stderr)")
    let alone = String(decoding: try scratch.files(in: "fresh")["index.html"]!, as: UTF8.self)
    #expect(alone.contains("<h2>b</h2>") && !alone.contains("<h2>a</h2>"))
    #expect(!alone.contains("from an earlier run"))
  }

  /// A flag that changes nothing warns; with --strict it is an error and nothing is written.
  @Test func aTintWithoutMarkdownWarns() throws {
    let scratch = try Scratch()
    let warned = try scratch.run("render", "--text", "plain", "--tint", "red", "--out", "w.png")
    #expect(warned.status == 0)
    #expect(warned.stderr.contains("warning: --tint colors Markdown links"), "\(warned.stderr)")
    let strict = try scratch.run(
      "render", "--text", "plain", "--tint", "red", "--out", "s.png", "--strict")
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("error: --tint colors Markdown links"), "\(strict.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("s.png").path))
    let markdown = try scratch.run(
      "render", "--text", "[a](https://a.b)", "--markdown", "--tint", "red", "--out", "m.png")
    #expect(markdown.status == 0 && !markdown.stderr.contains("--tint"), "\(markdown.stderr)")
  }

  /// `--text-file`, like a manifest's textFile, drops the file's final line break: no empty
  /// last line.
  @Test func aTextFilesFinalLineBreakIsNotText() throws {
    let scratch = try Scratch()
    try scratch.write("t.txt", "One line\n")
    let file = try scratch.run("render", "--text-file", "t.txt", "--out", "f.png", "--print-layout")
    let inline = try scratch.run("render", "--text", "One line", "--out", "i.png", "--print-layout")
    #expect(file.status == 0 && inline.status == 0)
    #expect(file.stdout == inline.stdout)
  }

  @Test func versionNamesTheToolAndTheTextLibraries() throws {
    let result = try Scratch().run("--version")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("expandable-preview ") == true, "\(result.stdout)")
    for library in ["Pango 1.", "Cairo 1.", "HarfBuzz ", "FreeType 2.", "fontconfig 2."] {
      #expect(result.stdout.contains(library), "\(library): \(result.stdout)")
    }
  }

  /// A hand-made index.html or layout.json in the output folder is never replaced (the run
  /// says so and exits 1); the tool's own, from an earlier run or an older version, are.
  @Test func reportFilesTheToolDidNotWriteAreKept() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    try scratch.write("site/index.html", "<html><body>my site</body></html>")
    try scratch.write("site/a/layout.json", #"{"mine": true}"#)
    let kept = try scratch.run("render", "m.json", "--out", "site")
    #expect(kept.status == 1)
    #expect(
      kept.stderr.contains("index.html: not replaced: the index.html there was not written"),
      "\(kept.stderr)")
    #expect(kept.stderr.contains("a/layout.json: not replaced"), "\(kept.stderr)")
    let files = try scratch.files(in: "site")
    #expect(files["index.html"] == Data("<html><body>my site</body></html>".utf8))
    #expect(files["a/layout.json"] == Data(#"{"mine": true}"#.utf8))
    #expect(files["a/collapsed@1x.png"] != nil, "the images are still written")

    #expect(try scratch.run("render", "m.json", "--out", "out").status == 0)
    #expect(try scratch.run("render", "m.json", "--out", "out").status == 0, "its own files")
    // A gallery of an older version (no generator mark, the tool's title) is the tool's too.
    try scratch.write(
      "out/index.html", "<html><head><title>ExpandablePreview: m.json</title></head></html>")
    #expect(try scratch.run("render", "m.json", "--out", "out").status == 0)
  }
}

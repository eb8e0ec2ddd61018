import Foundation
import Testing

/// `render --format`, the `formats`, `markdown` and `tint` keys, and what they write: vector
/// files without a scale, once per variant, linked from the gallery; links in layout.json.
@Suite struct FormatsAndMarkdownTests {
  static let manifest = """
    {"defaults": {"width": 220, "lineLimit": 2, "markdown": true, "formats": ["png", "svg", "pdf"]},
     "variants": {"scale": [1, 2]},
     "items": [{"name": "md", "text": "A **bold** start and [a link](https://example.com/a) in a text long enough to be cut after two lines of it."},
               {"name": "plain", "markdown": false, "formats": ["svg"], "text": "**not bold** text"}]}
    """

  @Test func formatsWriteVectorsOncePerVariantWithoutAScale() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try scratch.files(in: "out")
    #expect(
      Set(files.keys) == [
        "index.html", ".expandable-preview-render.json", ".expandable-preview-font-check.json",
        "md/layout.json", "plain/layout.json",
        "md/collapsed@1x.png", "md/collapsed@2x.png", "md/expanded@1x.png", "md/expanded@2x.png",
        "md/collapsed.svg", "md/expanded.svg", "md/collapsed.pdf", "md/expanded.pdf",
        "plain/collapsed.svg", "plain/expanded.svg",
      ])
    #expect(files["md/collapsed.svg"]!.starts(with: Data("<?xml".utf8)))
    #expect(files["md/collapsed.pdf"]!.starts(with: Data("%PDF-".utf8)))
    // Every file written counts: 4 PNGs, an SVG and a PDF per state of md, an SVG per state of plain.
    #expect(result.stdout.contains("Rendered 10 of 10 files for 2 items"), "\(result.stdout)")
    let gallery = String(decoding: files["index.html"]!, as: UTF8.self)
    #expect(gallery.contains("2 items, 10 files."))
    #expect(gallery.contains("href=\"md/collapsed.svg\""))
    #expect(gallery.contains("href=\"md/expanded.pdf\""))

    let renders = try #require(
      try scratch.json("out/md/layout.json")["renders"] as? [[String: Any]])
    let first = renders[0]
    #expect(first["file"] as? String == "collapsed@1x.png")
    #expect(first["moreFiles"] as? [String] == ["collapsed.svg", "collapsed.pdf"])
    #expect(renders[2]["moreFiles"] == nil, "the second scale writes no vectors")
    let links = try #require(first["links"] as? [[String: Any]])
    #expect(links.count == 1)
    #expect(links.first?["url"] as? String == "https://example.com/a")
    #expect((links.first?["frames"] as? [[String: Any]])?.isEmpty == false)
    #expect((first["visibleText"] as? String)?.hasPrefix("A bold start and a link") == true)

    let plain = try #require(
      try scratch.json("out/plain/layout.json")["renders"] as? [[String: Any]])
    #expect(plain[0]["file"] as? String == "collapsed.svg")
    #expect(plain[0]["visibleText"] as? String == "**not bold** text")
  }

  @Test func theFormatFlagReplacesTheManifestsFormatsAndVerifyChecksPNGsOnly() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    let result = try scratch.run(
      "render", "m.json", "--out", "out", "--format", "pdf", "--only", "md")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      Set(try scratch.files(in: "out/md").keys)
        == ["collapsed.pdf", "expanded.pdf", "layout.json"])
    let verify = try scratch.run(
      "verify", "m.json", "--snapshots", "snaps", "--artifacts", "artifacts", "--record", "missing",
      "--only", "md")
    // Recording missing goldens exits 1 (nothing was compared), never 2.
    #expect(verify.status == 1, "\(verify.stderr)")
    let goldens = try scratch.files(in: "snaps").keys.filter { !$0.hasSuffix(".json") }
    #expect(goldens.allSatisfy { $0.hasSuffix(".png") } && goldens.count == 4, "\(goldens)")
  }

  @Test func renderTextWritesEachFormatAndReadsMarkdown() throws {
    let scratch = try Scratch()
    let result = try scratch.run(
      "render", "--text", "Visit [us](https://u.s) **now**", "--markdown", "--tint", "red",
      "--out", "card.png", "--format", "svg", "--format", "pdf", "--format", "png",
      "--print-layout")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      Set(try scratch.files(in: ".").keys).isSuperset(of: ["card.png", "card.svg", "card.pdf"]))
    #expect(result.stdout.contains("\"visibleText\" : \"Visit us now\""))
    #expect(result.stdout.contains("\"https://u.s\""), "URLs are printed as typed")
    let svgOnly = try scratch.run("render", "--text", "x", "--out", "one.svg")
    #expect(svgOnly.status == 0, "\(svgOnly.stderr)")
    #expect(try scratch.files(in: ".")["one.svg"]?.starts(with: Data("<?xml".utf8)) == true)
  }

  @Test func badFormatsAreClearErrors() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json", #"{"items": [{"name": "a", "text": "x", "formats": ["png", "gif"]}]}"#)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("item 'a'") && result.stderr.contains("formats"), "\(result.stderr)")
    #expect(result.stderr.contains("gif"), "\(result.stderr)")
    let flag = try scratch.run("render", "m.json", "--out", "out", "--format", "jpeg")
    #expect(flag.status == 2)
    #expect(flag.stderr.contains("--format"), "\(flag.stderr)")
  }

  /// An animation is an animated PNG: a vector name or format is refused before anything is
  /// written, instead of PNG bytes in a file named .svg.
  @Test func anAnimationRefusesVectorFormats() throws {
    let scratch = try Scratch()
    let long = String(repeating: "A text long enough to need more than one line. ", count: 4)
    let svg = try scratch.run(
      "render", "--text", long, "--line-limit", "1", "--animate", "linear", "--out", "a.svg")
    #expect(svg.status == 2)
    #expect(svg.stderr.contains("animated PNG") && svg.stderr.contains(".png"), "\(svg.stderr)")
    let pdf = try scratch.run(
      "render", "--text", long, "--line-limit", "1", "--animate", "linear", "--out", "a.png",
      "--format", "png", "--format", "pdf")
    #expect(pdf.status == 2)
    #expect(pdf.stderr.contains("--format pdf"), "\(pdf.stderr)")
    #expect(try scratch.files(in: ".").keys.filter { $0.hasPrefix("a.") }.isEmpty)
  }

  @Test func oneItemIsSaidInTheSingular() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", #"{"items": [{"name": "a", "text": "x", "formats": ["svg"]}]}"#)
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Rendered 2 of 2 files for 1 item in"), "\(result.stdout)")
    let gallery = String(decoding: try scratch.files(in: "out")["index.html"]!, as: UTF8.self)
    #expect(gallery.contains("1 item, 2 files."))
  }
}

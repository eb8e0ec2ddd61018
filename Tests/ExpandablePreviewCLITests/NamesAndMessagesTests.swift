import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Names from manifests reach the console and reports shown, not obeyed; bad inputs get
/// messages in plain words and the exit status of an input error; printed commands work.
@Suite struct NamesAndMessagesTests {
  /// A manifest of one item named `name` (collapsed only, scale 1) with `text`.
  static func manifest(name: String, text: String) -> String {
    let escapedName = name.unicodeScalars.map { scalar in
      scalar.isASCII ? String(scalar) : String(format: "\\u%04X", scalar.value)
    }.joined()
    return #"{"defaults": {"scale": 1, "width": 160, "states": "collapsed"}, "#
      + #""items": [{"name": "\#(escapedName)", "text": "\#(text)"}]}"#
  }

  @Test func bidiControlsInNamesNeverReachTheConsoleOrReportsRaw() throws {
    let scratch = try Scratch()
    let name = "card\u{202E}gnp.exe\u{2066}x"
    try scratch.write("m.json", Self.manifest(name: name, text: "First words"))
    let args = ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"]
    _ = try CLI.runInProcess(args + ["--record", "missing"], in: scratch.url)
    try scratch.write("m.json", Self.manifest(name: name, text: "Other words entirely"))
    let result = try CLI.runInProcess(args + ["--record", "never"], in: scratch.url)
    #expect(result.status == 1, "\(result.stderr)")
    let rendered = try CLI.runInProcess(["render", "m.json", "--out", "out"], in: scratch.url)
    #expect(rendered.status == 0, "\(rendered.stderr)")
    let bidi: [Unicode.Scalar] = ["\u{202E}", "\u{2066}"]
    let files = try scratch.files(in: "art")
    let texts: [(String, String)] =
      [
        ("stdout", result.stdout), ("stderr", result.stderr), ("render stdout", rendered.stdout),
        ("junit.xml", String(decoding: try #require(files["junit.xml"]), as: UTF8.self)),
        ("report.html", String(decoding: try #require(files["report.html"]), as: UTF8.self)),
        (
          "index.html",
          String(decoding: try #require(try scratch.files(in: "out")["index.html"]), as: UTF8.self)
        ),
      ]
    for (label, text) in texts {
      #expect(
        !text.unicodeScalars.contains(where: bidi.contains), "\(label) carries a bidi control")
    }
    #expect(result.stdout.contains(#"card\u{202E}gnp.exe\u{2066}x"#), "\(result.stdout)")
    #expect(rendered.stdout.contains(#"card\u{202E}gnp.exe\u{2066}x"#), "\(rendered.stdout)")
  }

  @Test(arguments: ["{not json", #"{"libraries": 1}"#, #"{"fonts": []}"#])
  func aCorruptFingerprintIsExplainedInPlainWordsNamingTheFile(content: String) throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    try fixture.scratch.write("snap/fingerprint.json", content)
    let result = try fixture.verify("--record", "never")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("fingerprint.json: cannot read the fingerprint: "), "\(result.stderr)")
    for raw in [
      "DecodingError", "dataCorrupted", "keyNotFound", "typeMismatch", "CodingKeys", "Context(",
    ] {
      #expect(!result.stderr.contains(raw) && !result.stdout.contains(raw), "\(result.stderr)")
    }
    let reasons = ["it is not valid JSON", "has the wrong type", "lacks the key 'libraries'"]
    #expect(reasons.contains(where: result.stderr.contains), "\(result.stderr)")
  }

  @Test func thePrintedAcceptCommandForAnItemNamedLikeAnOptionWorks() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(name: "--prune", text: "First words"))
    let args = ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"]
    _ = try CLI.runInProcess(args + ["--record", "missing"], in: scratch.url)
    try scratch.write("m.json", Self.manifest(name: "--prune", text: "Other words entirely"))
    let failed = try CLI.run(args + ["--record", "never"], in: scratch.url)
    #expect(failed.status == 1)
    let html = String(
      decoding: try #require(try scratch.files(in: "art")["report.html"]), as: UTF8.self)
    // The item's command, as report.html shows it in <pre><code>…</code></pre>.
    let code = try #require(html.range(of: "<pre><code>"))
    let end = try #require(html.range(of: "</code>", range: code.upperBound..<html.endIndex))
    let command = String(html[code.upperBound..<end.lowerBound])
      .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
    #expect(command.contains("--only=--prune"), "\(command)")
    let accepted = try CLI.run(
      ["-c", command], in: scratch.url, executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(accepted.status == 1, "\(accepted.stderr)")
    #expect(
      accepted.stdout.contains("Recorded 1 golden(s) (record mode failed)"), "\(accepted.stdout)")
    let after = try CLI.runInProcess(args + ["--record", "never"], in: scratch.url)
    #expect(after.status == 0, "\(after.stdout) \(after.stderr)")
  }

  @Test func renderTextWithAnUnusableFontFileIsAnInputError() throws {
    let scratch = try Scratch()
    try scratch.write("bad.ttf", "not a font at all")
    let result = try scratch.run(
      "render", "--text", "Hello", "--out", "a.png", "--fonts", "bad.ttf")
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr.contains("--fonts") && result.stderr.contains("bad.ttf"), "\(result.stderr)")
    try scratch.write("m.json", #"{"fonts": ["bad.ttf"], "items": [{"name": "a", "text": "x"}]}"#)
    let manifest = try scratch.run("render", "m.json", "--out", "out")
    #expect(manifest.status == 2, "the manifest's 'fonts' says the same: \(manifest.stderr)")
  }

  @Test func vectorFormatsOnAnItemWithOnlyAnimationsAreAnErrorNamingItemAndKey() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      #"{"items": [{"name": "anim", "text": "A long text that wraps over several lines for sure.", "lineLimit": 1, "#
        + #""animation": {"curve": "linear"}, "states": ["expanding"], "formats": ["svg", "pdf"]}]}"#
    )
    let result = try scratch.run("render", "m.json", "--out", "out")
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr.contains("item 'anim'") && result.stderr.contains("key 'formats'")
        && result.stderr.contains("svg and pdf"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
  }
}

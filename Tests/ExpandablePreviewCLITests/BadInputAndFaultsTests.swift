import Foundation
import Testing

/// Bad input, faults and limits: each gets a clear error naming file, item and key, the
/// documented exit code, and no partial output.
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

  @Test func aMissingFontFamilyWarnsAndFailsWithStrict() throws {
    let manifest = """
      {"items": [{"name": "a", "text": "x", "font": {"style": "body", "family": "Helvetca"}}]}
      """
    let (warned, scratch) = try render(manifest)
    #expect(warned.status == 0)
    #expect(
      warned.stderr.contains(
        "warning: manifest.json: item 'a', key 'font': font family 'Helvetca' is not available; Pango draws 'Inter' instead"
      ))
    #expect(try scratch.files(in: "out").keys.contains("a/collapsed@2x.png"))
    let (strict, strictScratch) = try render(manifest, "--strict")
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("error: manifest.json: item 'a', key 'font': font family"))
    #expect(try strictScratch.files(in: "out").isEmpty)
  }

  @Test func charactersNoFontHasWarnAndFailWithStrict() throws {
    let manifest = #"{"items": [{"name": "a", "text": "Hello ሰላም", "expandButton": "ሰላም"}]}"#
    let (warned, scratch) = try render(manifest)
    #expect(warned.status == 0)
    #expect(
      warned.stderr.contains(
        "warning: manifest.json: item 'a', key 'text': no font of the pinned set has U+1230 'ሰ', "
          + "U+120B 'ላ', U+121D 'ም'; they draw as boxes"), "\(warned.stderr)")
    #expect(warned.stderr.contains("item 'a', key 'expandButton.text': no font of the pinned set"))
    #expect(try scratch.files(in: "out").keys.contains("a/collapsed@2x.png"))
    let (strict, strictScratch) = try render(manifest, "--strict")
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("error: manifest.json: item 'a', key 'text': no font"))
    #expect(try strictScratch.files(in: "out").isEmpty)
  }

  @Test func anImageOverThePixelLimitFailsOnlyItsItem() throws {
    let long = String(repeating: "word\\n", count: 2_000)
    let (output, scratch) = try render(
      """
      {"items": [{"name": "small", "text": "fine"},
                 {"name": "huge", "text": "\(long)", "width": 2000, "scale": 4,
                  "states": "expanded"}]}
      """)
    #expect(output.status == 1)
    #expect(output.stderr.contains("huge/expanded@4x.png"), "\(output.stderr)")
    #expect(output.stderr.contains("exceeds the limit of 100000000 pixels"), "\(output.stderr)")
    let files = try scratch.files(in: "out")
    #expect(files.keys.contains("small/collapsed@2x.png"))
    #expect(!files.keys.contains("huge/expanded@4x.png"))
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

  @Test func anOutputFolderThatCannotBeCreatedIsNamed() throws {
    let scratch = try Scratch()
    try scratch.write("file", "not a folder")
    let (output, _) = try render(
      #"{"items": [{"name": "a", "text": "x"}]}"#, in: scratch)
    #expect(output.status == 0)
    let blocked = try CLI.runInProcess(
      ["render", "manifest.json", "--out", "file/out"], in: scratch.url)
    #expect(blocked.status == 2)
    #expect(
      blocked.stderr.contains(
        "error: --out: cannot create the output folder 'file/out': Not a directory"))
  }

  /// A full disk, simulated with a file size limit: the files that fit are complete, the ones
  /// that do not are named with the reason, and no temporary file is left.
  @Test func aFullDiskFailsTheFilesItHitsAndLeavesNoTemporaryFiles() throws {
    let scratch = try Scratch()
    // ThreadSanitizer's runtime dies with SIGBUS under a file size limit once a batch starts
    // its threads; with such a build there is nothing of ours to check, so a tiny batch that
    // fits the limit must succeed first.
    try scratch.write("probe.json", #"{"items": [{"name": "p", "text": "x", "scale": 1}]}"#)
    let probe = try CLI.run(
      [
        "-c", #"ulimit -f 40 && exec "$0" "$@""#, CLI.executable.path, "render", "probe.json",
        "--out", "probe", "--quiet",
      ], in: scratch.url, executable: URL(fileURLWithPath: "/bin/bash"))
    guard probe.status == 0 else { return }
    let long = String(repeating: "A long text that makes a tall expanded image. ", count: 300)
    try scratch.write(
      "manifest.json",
      """
      {"defaults": {"scale": 3},
       "items": [{"name": "short", "text": "Short text."},
                 {"name": "long", "text": "\(long)"}]}
      """)
    let output = try CLI.run(
      [
        "-c", #"ulimit -f 40 && exec "$0" "$@""#, CLI.executable.path, "render", "manifest.json",
        "--out", "out", "--jobs", "1",
      ], in: scratch.url, executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(output.status == 1)
    #expect(output.stderr.contains("long/expanded@3x.png"), "\(output.stderr)")
    #expect(output.stderr.contains("file size limit reached"), "\(output.stderr)")
    let files = try scratch.files(in: "out")
    #expect(!files.keys.contains("long/expanded@3x.png"))
    for name in ["short/collapsed@3x.png", "short/expanded@3x.png"] {
      let png = try #require(files[name], "\(name) was not written")
      #expect(png.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]))
    }
    #expect(!files.keys.contains { $0.hasSuffix(".tmp") }, "\(files.keys.sorted())")
  }

  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aSignalStopsTheRunLeavingOnlyCompleteFiles(signalNumber: Int32, exitCode: Int32) throws {
    let scratch = try Scratch()
    let text = String(repeating: "Text for a slow batch that a signal stops. ", count: 100)
    let items = (1...60).map { #"{"name": "item\#($0)", "text": "\#(text)"}"# }
    try scratch.write(
      "manifest.json",
      #"{"defaults": {"scale": 3}, "items": [\#(items.joined(separator: ","))]}"#)
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["render", "manifest.json", "--out", "out", "--jobs", "1", "--quiet"]
    process.currentDirectoryURL = scratch.url
    process.standardError = FileHandle.nullDevice
    try process.run()
    let out = scratch.url.appendingPathComponent("out")
    // Wait for the first files, then interrupt.
    for _ in 0..<6000 {
      if ((try? scratch.files(in: "out").count) ?? 0) >= 3 { break }
      usleep(10_000)
    }
    kill(process.processIdentifier, signalNumber)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == exitCode)
    let files = try scratch.files(in: "out")
    #expect(files.count >= 3)
    #expect(files.count < 120, "the run went on to the end")
    for (name, data) in files {
      #expect(name.hasSuffix(".png"), "\(name) written after the signal")
      #expect(data.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "\(name)")
    }
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
  }
}

extension BadInputAndFaultsTests {
  @Test func aParagraphTooLongForPangoFailsOnlyItsItem() throws {
    let long = String(repeating: "word ", count: 60_000)
    let (output, scratch) = try render(
      #"{"items": [{"name": "ok", "text": "fine"}, {"name": "long", "text": "\#(long)"}]}"#)
    #expect(output.status == 1)
    #expect(
      output.stderr.contains(
        "long/expanded@2x.png: a paragraph of 300000 characters is too long to lay out at 17.0 pt"
      ), "\(output.stderr)")
    let files = try scratch.files(in: "out")
    #expect(files.keys.contains("ok/collapsed@2x.png"))
    // Collapsed, a bounded prefix of the paragraph is laid out.
    #expect(files.keys.contains("long/collapsed@2x.png"))
  }
}

extension BadInputAndFaultsTests {
  @Test func aTextOverTheLimitFailsOnlyItsItem() throws {
    let scratch = try Scratch()
    try Data(repeating: 0x61, count: (1 << 20) + 1).write(
      to: scratch.url.appendingPathComponent("long.txt"))
    let (output, _) = try render(
      #"{"items": [{"name": "ok", "text": "fine"}, {"name": "long", "textFile": "long.txt"}]}"#,
      in: scratch)
    #expect(output.status == 1)
    #expect(
      output.stderr.contains("long/collapsed@2x.png: text is 1048577 bytes; the limit is 1048576"),
      "\(output.stderr)")
    #expect(try scratch.files(in: "out").keys.contains("ok/collapsed@2x.png"))
  }
}

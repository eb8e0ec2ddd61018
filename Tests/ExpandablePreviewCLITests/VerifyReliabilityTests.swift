import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The verify side of reliability: reports that list every planned image,
/// text that XML and terminals can carry, reserved names, healing unreadable goldens, an
/// artifacts folder that deletes only its own files, and plain-words golden errors.
@Suite struct VerifyReliabilityTests {
  /// Items for the report tests: `a` and `m` get broken or changed goldens, `b` matches, `c` has
  /// a golden that cannot be written, `huge` cannot be rendered (over the pixel limit).
  static func writeMixedManifest(_ fixture: VerifyFixture, mText: String = "Original text")
    throws
  {
    let long = String(repeating: "word\\n", count: 2_000)
    try fixture.scratch.write(
      "m.json",
      """
      {"defaults": {"width": 160, "scale": 1, "lineLimit": 2, "states": "collapsed"},
       "items": [{"name": "a", "text": "Alpha"},
                 {"name": "b", "text": "Short", "states": "both"},
                 {"name": "m", "text": "\(mText)"},
                 {"name": "c", "text": "Cee"},
                 {"name": "huge", "text": "\(long)", "width": 2000, "scale": 4,
                  "states": "expanded"}]}
      """)
  }

  static func junit(_ fixture: VerifyFixture) throws -> XMLDocument {
    try XMLDocument(contentsOf: fixture.url("art/junit.xml"))
  }

  static func attribute(_ name: String, of document: XMLDocument, at path: String) throws
    -> String?
  {
    let node = try #require(try document.nodes(forXPath: path).first as? XMLElement)
    return node.attribute(forName: name)?.stringValue
  }

  @Test(
    "every planned image is in every report with a status; passed is false when the exit status is not 0"
  )
  func everyPlannedImageAppearsInEveryReportWithAStatus() throws {
    let fixture = try VerifyFixture()
    try Self.writeMixedManifest(fixture)
    _ = try fixture.verify("--record", "missing")
    // Break things: an unreadable golden, a changed text, a golden that cannot be written.
    try Data("not a PNG".utf8).write(to: fixture.url("snap/a/collapsed@1x.png"))
    try Self.writeMixedManifest(fixture, mText: "Different txt")
    try FileManager.default.removeItem(at: fixture.url("snap/c"))
    try fixture.scratch.write("snap/c", "a file where the item's folder should be")

    let result = try fixture.verify("--record", "missing")
    #expect(result.status == 1)
    let planned = [
      "a/collapsed@1x.png", "b/collapsed@1x.png", "b/expanded@1x.png", "m/collapsed@1x.png",
      "c/collapsed@1x.png", "huge/expanded@4x.png",
    ]
    let images = try fixture.reportImages()
    #expect(Set(images.keys) == Set(planned))
    #expect(
      try fixture.statuses() == [
        "a/collapsed@1x.png": "error", "b/collapsed@1x.png": "match",
        "b/expanded@1x.png": "match", "m/collapsed@1x.png": "mismatch",
        "c/collapsed@1x.png": "error", "huge/expanded@4x.png": "error",
      ])
    let reason = { (path: String) in images[path]?["summary"] as? String ?? "" }
    #expect(reason("a/collapsed@1x.png").contains("cannot read the golden"), "\(images)")
    #expect(reason("c/collapsed@1x.png").contains("cannot write the golden"), "\(images)")
    #expect(reason("huge/expanded@4x.png").contains("exceeds the limit"), "\(images)")
    let report = try fixture.report()
    #expect(report["passed"] as? Bool == false)
    #expect((report["counts"] as? [String: Int])?["error"] == 3)

    let junit = try Self.junit(fixture)
    #expect(try junit.nodes(forXPath: "//testcase").count == planned.count)
    let suite = "/testsuites/testsuite"
    #expect(try Self.attribute("tests", of: junit, at: suite) == "6")
    #expect(try Self.attribute("failures", of: junit, at: suite) == "1")
    #expect(try Self.attribute("errors", of: junit, at: suite) == "3")
    #expect(try Self.attribute("errors", of: junit, at: "/testsuites") == "3")
    #expect(try junit.nodes(forXPath: "//testcase/error").count == 3)
    #expect(try junit.nodes(forXPath: "//testcase/failure").count == 1)

    let html = try String(contentsOf: fixture.url("art/report.html"), encoding: .utf8)
    for path in planned { #expect(html.contains(path), "\(path) is in report.html") }
    #expect(html.components(separatedBy: #"<span class="status error">error</span>"#).count == 4)
    #expect(html.contains("3 error"))
    #expect(result.stdout.contains("1 mismatch, 0 size changed, 0 missing, 3 error"))

    // The --json summary agrees with the exit status too.
    let json = try fixture.verify("--record", "never", "--json")
    #expect(json.status == 1)
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(summary["passed"] as? Bool == false)
  }

  @Test(
    "an unreadable fingerprint.json still gives reports, which fail",
    arguments: [false, true])
  func anUnreadableFingerprintStillWritesFailingReports(asFolder: Bool) throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let fingerprint = fixture.url("snap/fingerprint.json")
    try FileManager.default.removeItem(at: fingerprint)
    if asFolder {
      try FileManager.default.createDirectory(at: fingerprint, withIntermediateDirectories: false)
    } else {
      try Data("{not json".utf8).write(to: fingerprint)
    }
    let result = try fixture.verify("--record", "never")
    #expect(result.status == 1)
    let statuses = try fixture.statuses()
    #expect(statuses["fingerprint.json"] == "error", "\(statuses)")
    #expect(statuses["a/collapsed@1x.png"] == "match")
    #expect(try fixture.report()["passed"] as? Bool == false)
    #expect(try Self.attribute("errors", of: try Self.junit(fixture), at: "/testsuites") == "1")
    #expect(result.stderr.contains("cannot read the fingerprint"), "\(result.stderr)")
    if asFolder { #expect(result.stderr.contains("is a folder, not")) }
    #expect(!result.stderr.contains("(null)") && !result.stderr.contains("Error Domain"))
  }

  @Test("names with noncharacters or control characters are rejected")
  func namesWithNoncharactersAreRejected() throws {
    let names = [#"a\uFFFEb"#, #"a\uFFFF"#, #"x\uFDD0"#, #"\uD83F\uDFFFz"#, #"c1\u0085"#]
    for name in names {
      let scratch = try Scratch()
      try scratch.write("m.json", #"{"items": [{"name": "\#(name)", "text": "x"}]}"#)
      let result = try scratch.run("render", "m.json", "--out", "out")
      #expect(result.status == 2, "\(name): \(result.stderr)")
      #expect(
        result.stderr.contains("noncharacter") || result.stderr.contains("control character"),
        "\(name): \(result.stderr)")
      #expect(try scratch.files(in: "out").isEmpty)
    }
  }

  @Test("junit.xml stays well-formed and nothing raw reaches the console or report.html")
  func reportsAndConsoleCarryOnlyWhatXMLAndTerminalsCan() throws {
    let fixture = try VerifyFixture()
    // A manifest file name with control characters and a noncharacter.
    let manifest = "m\u{1}\u{FFFF}.json"
    try FileManager.default.copyItem(at: fixture.url("m.json"), to: fixture.url(manifest))
    let args = [manifest, "--snapshots", "snap", "--artifacts", "art"]
    _ = try CLI.runInProcess(["verify"] + args + ["--record", "missing"], in: fixture.scratch.url)
    // An orphan golden whose folder name has an escape sequence, a bell and a noncharacter.
    let orphan = "x\u{1B}[31mred\u{7}\u{FFFE}"
    try FileManager.default.createDirectory(
      at: fixture.url("snap/\(orphan)"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: fixture.url("snap/a/collapsed@1x.png"), to: fixture.url("snap/\(orphan)/o.png"))
    // A mismatch, so the run fails and every report has a failure to show.
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice")
    try FileManager.default.removeItem(at: fixture.url(manifest))
    try FileManager.default.copyItem(at: fixture.url("m.json"), to: fixture.url(manifest))

    let result = try CLI.runInProcess(
      ["verify"] + args + ["--record", "never"], in: fixture.scratch.url)
    #expect(result.status == 1)
    let junitText = try Data(contentsOf: fixture.url("art/junit.xml"))
    #expect(throws: Never.self) { try XMLDocument(data: junitText) }
    let junit = try Self.junit(fixture)
    // The folder with control characters is no item's folder: not an orphan, so not skipped.
    #expect(try junit.nodes(forXPath: "//testcase/skipped").count == 0)
    let html = try String(contentsOf: fixture.url("art/report.html"), encoding: .utf8)
    let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{7}", "\u{1}", "\u{FFFE}", "\u{FFFF}"]
    for (name, text) in [
      ("junit.xml", String(decoding: junitText, as: UTF8.self)), ("report.html", html),
      ("stdout", result.stdout), ("stderr", result.stderr),
    ] {
      #expect(
        !text.unicodeScalars.contains(where: forbidden.contains), "\(name) carries a raw character")
    }
    // A folder name with control characters is no item's: not listed, so nothing of it shows.
    #expect(!result.stdout.contains("o.png"), "\(result.stdout)")
    // What was there is shown, not dropped: control pictures and escapes.
    #expect(String(decoding: junitText, as: UTF8.self).contains("m\u{2401}\\u{FFFF}.json"))
  }

  @Test("every name the tool writes beside items is reserved, ignoring case")
  func reservedNamesAreRejectedIgnoringCase() throws {
    let reserved = [
      "fingerprint.json", "INDEX.HTML", "Report.Html", "report.json", "JUnit.xml", "actual",
      "Expected", "DIFF",
    ]
    for name in reserved {
      let scratch = try Scratch()
      try scratch.write("m.json", #"{"items": [{"name": "\#(name)", "text": "x"}]}"#)
      let result = try scratch.run("render", "m.json", "--out", "out")
      #expect(result.status == 2, "\(name): \(result.stderr)")
      #expect(result.stderr.contains("is reserved"), "\(name): \(result.stderr)")
    }
    // A fingerprint.json item would make verify compare its folder with the golden's own file.
    let fixture = try VerifyFixture()
    try fixture.scratch.write("m.json", #"{"items": [{"name": "Fingerprint.JSON", "text": "x"}]}"#)
    let verify = try fixture.verify()
    #expect(verify.status == 2)
    #expect(!fixture.exists("snap"))
  }

  @Test(
    "--record failed and all replace an unreadable golden; the report offers the accept command",
    arguments: ["failed", "all"])
  func recordModesHealUnreadableGoldens(mode: String) throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let good = try #require(try fixture.goldenFiles()["a/collapsed@1x.png"])
    try Data("corrupt".utf8).write(to: fixture.url("snap/a/collapsed@1x.png"))

    // Modes that do not heal it name it, with the command that does.
    let stuck = try fixture.verifyExecutable("--record", "never")
    #expect(stuck.status == 1)
    #expect(!stuck.stdout.contains("not rendered"))
    let accept =
      "\(CLI.executable.path) verify m.json --snapshots snap --record failed --artifacts art"
    #expect(stuck.stdout.contains("To accept every failing image: \(accept)"), "\(stuck.stdout)")
    let html = try String(contentsOf: fixture.url("art/report.html"), encoding: .utf8)
    #expect(html.contains("\(accept) --only a"))
    #expect(try fixture.goldenFiles()["a/collapsed@1x.png"] == Data("corrupt".utf8))
    let missing = try fixture.verify("--record", "missing")
    #expect(missing.status == 1)
    #expect(try fixture.goldenFiles()["a/collapsed@1x.png"] == Data("corrupt".utf8))

    let healed = try fixture.verify("--record", mode)
    #expect(healed.status == 1, "the healing run shows what it recorded")
    #expect(
      healed.stdout.contains("Recorded 1 golden(s) (record mode \(mode))"), "\(healed.stdout)")
    #expect(try fixture.reportImages()["a/collapsed@1x.png"]?["recorded"] as? Bool == true)
    #expect(try fixture.goldenFiles()["a/collapsed@1x.png"] == good)
    let after = try fixture.verify("--record", "never")
    #expect(after.status == 0, "\(after.stderr)")
  }

  @Test("--artifacts deletes only what the tool wrote")
  func artifactsFolderDeletesOnlyItsOwnFiles() throws {
    let fixture = try VerifyFixture()
    // A folder of the user's with an expected/ subfolder: refused, nothing deleted.
    try fixture.scratch.write("art/expected/keep.txt", "the user's file")
    try fixture.scratch.write("art/report.json", "{}")
    let refused = try fixture.verify()
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--artifacts art"), "\(refused.stderr)")
    #expect(refused.stderr.contains("not empty"), "\(refused.stderr)")
    #expect(
      try fixture.scratch.files(in: "art")
        == ["expected/keep.txt": Data("the user's file".utf8), "report.json": Data("{}".utf8)])
    #expect(!fixture.exists("snap"), "a refused run writes nothing")

    // A new folder is marked as the tool's; the next run clears its own files in it.
    let first = try fixture.verify("--artifacts", "own")
    #expect(first.status == 1, "\(first.stderr)")
    #expect(fixture.exists("own/actual/a/collapsed@1x.png"))
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice")
    let second = try fixture.verify("--artifacts", "own", "--record", "never")
    #expect(second.status == 1, "\(second.stderr)")
    #expect(fixture.exists("own/diff/a/collapsed@1x.png"))
    #expect(!fixture.exists("own/actual/b/collapsed@1x.png"), "the first run's artifacts are gone")
  }

  @Test(
    "a FIFO, a device or a folder as a golden is named in plain words, without hanging")
  func goldensThatAreNotFilesAreNamedInPlainWords() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let fifo = fixture.url("snap/a/collapsed@1x.png")
    try FileManager.default.removeItem(at: fifo)
    #expect(mkfifo(fifo.path, 0o644) == 0)
    let device = fixture.url("snap/b/collapsed@1x.png")
    try FileManager.default.removeItem(at: device)
    try FileManager.default.createSymbolicLink(
      atPath: device.path, withDestinationPath: "/dev/zero")
    let folder = fixture.url("snap/b/expanded@1x.png")
    try FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)

    let result = try fixture.verify("--record", "never")
    #expect(result.status == 1)
    let all = result.stdout + result.stderr
    #expect(all.contains("a/collapsed@1x.png: cannot read the golden"), "\(all)")
    #expect(all.contains("is a FIFO (named pipe), not a regular file"), "\(all)")
    #expect(all.contains("is a character device, not a regular file"), "\(all)")
    #expect(all.contains("is a folder, not a regular file"), "\(all)")
    for cocoa in ["permission", "(null)", "NSCocoaErrorDomain", "Error Domain"] {
      #expect(!all.contains(cocoa), "\(cocoa) in \(all)")
    }
    #expect(Set(try fixture.statuses().values) == ["error"])

    // A folder named like a golden that no item renders is not an orphan: --prune keeps it.
    try fixture.scratch.write("snap/z/stale@1x.png/keep.txt", "the user's file")
    let pruned = try fixture.verify("--record", "missing", "--prune")
    #expect(!pruned.stdout.contains("orphan"), "\(pruned.stdout)")
    #expect(fixture.exists("snap/z/stale@1x.png/keep.txt"))
  }
}

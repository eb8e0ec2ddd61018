import Foundation
import Testing

/// What a failing `verify` leaves behind: artifacts, report.json / report.html / junit.xml, the
/// console's explanation, orphans and pruning.
@Suite struct VerifyReportTests {
  @Test func acceptCommandRepeatsTheRunsTolerances() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice over here")
    let result = try fixture.verifyExecutable(
      "--record", "never", "--threshold", "0.2", "--max-diff-pixels", "3")
    #expect(result.status == 1)
    let accept =
      "\(CLI.executable.path) verify m.json --snapshots snap --record failed --artifacts art "
      + "--threshold 0.2 "
      + "--max-diff-pixels 3"
    #expect(result.stdout.contains("To accept every failing image: \(accept)"), "\(result.stdout)")
    let html = try String(contentsOf: fixture.url("art/report.html"), encoding: .utf8)
    #expect(html.contains("\(accept) --only a"))
  }

  /// Started by name from PATH, the tool offers its name: the command is still the one that
  /// runs it. (Started by path, as the other tests do, it offers the path.)
  @Test func acceptCommandStartsTheToolTheWayThisRunWasStarted() throws {
    let fixture = try VerifyFixture()
    let folder = CLI.executable.deletingLastPathComponent().path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let result = try CLI.run(
      ["-c", "expandable-preview verify m.json --snapshots snap --artifacts art --record never"],
      in: fixture.scratch.url, executable: URL(fileURLWithPath: "/bin/sh"),
      environment: ["PATH": "\(folder):\(path)"])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "To accept every failing image: expandable-preview verify m.json --snapshots snap "
          + "--record failed --artifacts art\n"), "\(result.stdout)")
  }

  @Test func justRecordedGoldensOfferNoAcceptCommand() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let html = try String(contentsOf: fixture.url("art/report.html"), encoding: .utf8)
    #expect(!html.contains("To accept this image"))
    let junit = try String(contentsOf: fixture.url("art/junit.xml"), encoding: .utf8)
    #expect(!junit.contains("To accept:"))
  }

  @Test func mismatchWritesArtifactsReportsAndACopyPasteAcceptCommand() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let golden = try #require(try fixture.goldenFiles()["a/collapsed@1x.png"])
    let size = try pngSize(golden)
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice over here")

    let result = try fixture.verifyExecutable("--record", "never")
    #expect(result.status == 1)
    #expect(result.stderr.contains("mismatch: a/collapsed@1x.png: "))
    #expect(result.stderr.contains(" pixels differ"))
    #expect(result.stdout.contains("2 match, 1 mismatch, 0 size changed, 0 missing"))
    // The tool as it was started (here by its absolute path), not a bare name that may not be
    // on PATH.
    let acceptAll =
      "\(CLI.executable.path) verify m.json --snapshots snap --record failed --artifacts art"
    #expect(result.stdout.contains("To accept every failing image: \(acceptAll)"))

    // The artifacts of the failure, and none for the matches.
    let artifacts = try fixture.scratch.files(in: "art")
    #expect(
      Set(artifacts.keys) == [
        "actual/a/collapsed@1x.png", "expected/a/collapsed@1x.png", "diff/a/collapsed@1x.png",
        "report.json", "report.html", "junit.xml", ".expandable-preview-artifacts",
        ".expandable-preview-font-check.json",
      ])
    #expect(artifacts["expected/a/collapsed@1x.png"] == golden)
    let diff = try pngSize(try #require(artifacts["diff/a/collapsed@1x.png"]))
    #expect(diff.width > 3 * size.width && diff.height == size.height, "three panels side by side")

    // report.json: status and counts.
    let image = try #require(try fixture.reportImages()["a/collapsed@1x.png"])
    #expect(image["status"] as? String == "mismatch")
    let diffPixels = try #require(image["diffPixels"] as? Int)
    #expect(diffPixels > 0)
    #expect(image["aaPixels"] is Int)
    #expect(image["totalPixels"] as? Int == size.width * size.height)
    #expect(try fixture.reportImages()["b/collapsed@1x.png"]?["status"] as? String == "match")
    #expect(try fixture.report()["passed"] as? Bool == false)

    // report.html: the three panels, the counts and the command for this item.
    let html = try String(contentsOf: fixture.url("art/report.html"), encoding: .utf8)
    #expect(html.contains(#"<img src="diff/a/collapsed@1x.png""#))
    // Each count once: in the summary line, not again in a paragraph of its own.
    #expect(html.components(separatedBy: "\(diffPixels) of ").count == 2)
    #expect(!html.contains("differing pixels"))
    // What changed, above the pictures, with the two visible texts marked.
    let whatChanged = try #require(html.range(of: "What changed:</strong> layout changed: "))
    #expect(whatChanged.lowerBound < html.range(of: "<img src=")!.lowerBound)
    #expect(html.contains("<del>") && html.contains("<ins>"))
    #expect(html.contains("To accept this item's failing images"))
    let layout = try #require(image["layout"] as? [String: Any])
    #expect(layout["verdict"] as? String == "changed")
    let kinds = (layout["changes"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    #expect(kinds.contains("cut") || kinds.contains("visible-text"), "\(kinds)")
    #expect(result.stderr.contains("a/collapsed@1x.png: layout changed: "))
    let accept = "\(acceptAll) --only a"
    #expect(html.contains(accept))
    let junit = try String(contentsOf: fixture.url("art/junit.xml"), encoding: .utf8)
    #expect(junit.contains(#"<failure type="mismatch""#))
    #expect(junit.contains(#"tests="3" failures="1""#))

    // Pasting the command into a shell in the same folder accepts the change; then the run
    // passes and the artifacts are gone.
    let accepted = try CLI.run(
      ["-c", accept], in: fixture.scratch.url, executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(accepted.status == 1, "the accepting run reports what it re-recorded")
    #expect(accepted.stdout.contains("Recorded 1 golden(s) (record mode failed)"))
    let after = try fixture.verify("--record", "never", "--json")
    #expect(after.status == 0, "\(after.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
    #expect(summary["passed"] as? Bool == true)
    #expect((summary["counts"] as? [String: Int])?["match"] == 3)
    #expect(!fixture.exists("art/diff"), "a new run clears the old artifacts")
  }

  @Test func sizeChangeIsItsOwnStatus() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let before = try pngSize(try #require(try fixture.goldenFiles()["b/expanded@1x.png"]))
    try fixture.writeManifest(width: 170)
    let result = try fixture.verify("--record", "never", "--json")
    #expect(result.status == 1)
    #expect(Set(try fixture.statuses().values) == ["size-changed"])
    #expect(
      result.stderr.contains(
        "size-changed: b/expanded@1x.png: layout changed: width 160 → 170 pt"))
    #expect(
      result.stderr.contains(
        "(pixels: size changed from \(before.width)×\(before.height) to 170×"))
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect((summary["counts"] as? [String: Int])?["size-changed"] == 3)
    #expect(summary["passed"] as? Bool == false)
  }

  @Test func orphansAreListedAndPrunedOnlyInARecordMode() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    // --only picks items to render, but orphans are judged against the whole manifest.
    let only = try fixture.verify("--only", "a")
    #expect(only.status == 0, "\(only.stderr)")
    #expect(!only.stdout.contains("orphan"))

    try fixture.writeManifest(withB: false)
    let listed = try fixture.verify()
    #expect(listed.status == 0, "orphans do not fail a run: \(listed.stderr)")
    #expect(listed.stdout.contains("2 orphan golden(s)"))
    #expect(listed.stdout.contains("  b/expanded@1x.png"))
    #expect(listed.stdout.contains("delete them with --prune"))
    #expect(try fixture.statuses()["b/collapsed@1x.png"] == "orphan")
    #expect(fixture.exists("snap/b/collapsed@1x.png"))

    let never = try fixture.verify("--prune", "--record", "never")
    #expect(never.status == 2)
    #expect(fixture.exists("snap/b/collapsed@1x.png"))

    let pruned = try fixture.verify("--prune")
    #expect(pruned.status == 0, "\(pruned.stderr)")
    #expect(pruned.stdout.contains("deleted"))
    #expect(!fixture.exists("snap/b"), "the pruned item's folder is removed once empty")
    #expect(
      Set(try fixture.goldenFiles().keys)
        == ["a/collapsed@1x.png", "a/collapsed@1x.layout.json", "fingerprint.json"])
    #expect(try fixture.statuses()["b/expanded@1x.png"] == "orphan")
  }

  @Test func aDifferentFingerprintIsExplainedBeforeThePixels() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    // Pretend the goldens were rendered with another Pango and another Inter file.
    let file = fixture.url("snap/fingerprint.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var libraries = try #require(json["libraries"] as? [String: String])
    let pango = try #require(libraries["pango"])
    libraries["pango"] = "1.0.0"
    json["libraries"] = libraries
    var fonts = try #require(json["fonts"] as? [[String: String]])
    let sans = try #require(fonts.firstIndex { $0["file"] == "Inter-Regular.otf" })
    fonts[sans]["sha256"] = String(repeating: "ab", count: 32)
    json["fonts"] = fonts
    try JSONSerialization.data(withJSONObject: json).write(to: file)

    // Matching images: the differences are not news.
    let passing = try fixture.verify("--record", "never")
    #expect(passing.status == 0)
    #expect(!passing.stderr.contains("rendered elsewhere"))

    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice over here")
    let result = try fixture.verify("--record", "never")
    #expect(result.status == 1)
    let explanation = try #require(result.stderr.range(of: "rendered elsewhere"))
    let pangoLine = try #require(result.stderr.range(of: "Pango 1.0.0 → \(pango)"))
    let fontLine = try #require(
      result.stderr.range(of: "Inter Regular: another file, Inter-Regular.otf, sha256 "))
    // The failing image's own font file differs: its status says so, naming file and package.
    let pixels = try #require(
      result.stderr.range(
        of: "fonts-differ: a/collapsed@1x.png: the fonts differ from the golden's: "
          + "Inter-Regular.otf (Inter Regular, Debian package fonts-inter) differs: sha256 "))
    #expect(explanation.lowerBound < pangoLine.lowerBound)
    #expect(pangoLine.lowerBound < pixels.lowerBound && fontLine.lowerBound < pixels.lowerBound)
    #expect(result.stderr.contains("(recorded Inter-Regular.otf, sha256 abababababab)"))
    #expect(result.stderr.contains("abababababab when recorded"))
    let image = try #require(try fixture.reportImages()["a/collapsed@1x.png"])
    #expect(image["status"] as? String == "fonts-differ")
    let named = try #require(image["fontDifferences"] as? [String])
    #expect(
      named.count == 1
        && named[0].hasPrefix(
          "Inter-Regular.otf (Inter Regular, Debian package fonts-inter) differs")
    )
    let counts = try #require(try fixture.report()["counts"] as? [String: Int])
    #expect(counts["fonts-differ"] == 1 && counts["mismatch"] == 0)
    let junit = try String(contentsOf: fixture.url("art/junit.xml"), encoding: .utf8)
    #expect(
      junit.contains(
        #"<failure type="fonts-differ" message="a/collapsed@1x.png: the fonts differ from the golden&#39;s: Inter-Regular.otf (Inter Regular, Debian package fonts-inter) differs"#
      ))

    let differences = try #require(try fixture.report()["fingerprintDifferences"] as? [String])
    #expect(differences.contains("Pango 1.0.0 → \(pango)"))
    let html = try String(contentsOf: fixture.url("art/report.html"), encoding: .utf8)
    let section = try #require(html.range(of: "The goldens were rendered elsewhere"))
    let failure = try #require(html.range(of: #"<section class="failure">"#))
    #expect(section.lowerBound < failure.lowerBound)
    #expect(html.contains(#"<span class="status fonts-differ">fonts-differ</span>"#))
    #expect(
      html.contains(
        "<li>Inter-Regular.otf (Inter Regular, Debian package fonts-inter) differs: sha256 "))
    #expect(html.contains("1 fonts differ"))
  }

  /// The summary's command accepts what this run showed: with `--only`, only those items (it
  /// used to drop `--only`, and pasting it accepted images the user never saw).
  @Test func acceptingEverythingKeepsTheRunsSelection() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice over here")
    try fixture.scratch.write(
      "m.json",
      try String(contentsOf: fixture.url("m.json"), encoding: .utf8)
        .replacingOccurrences(of: #""text": "Short""#, with: #""text": "Changed too""#))
    let run = try fixture.verifyExecutable("--record", "never", "--only", "a")
    #expect(run.status == 1)
    let line = try #require(
      run.stdout.split(separator: "\n").first { $0.hasPrefix("To accept every failing image: ") })
    let accept = String(line.dropFirst("To accept every failing image: ".count))
    #expect(accept.hasSuffix(" --only a"), "\(accept)")
    let bGoldens = try fixture.goldenFiles().filter { $0.key.hasPrefix("b/") }
    let pasted = try CLI.run(
      ["-c", accept], in: fixture.scratch.url, executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(pasted.stdout.contains("Recorded 1 golden(s)"), "\(pasted.stdout)")
    #expect(try fixture.goldenFiles().filter { $0.key.hasPrefix("b/") } == bGoldens)
    #expect(try fixture.verify("--record", "never", "--only", "a").status == 0)
    #expect(try fixture.verify("--record", "never", "--only", "b").status == 1, "b was not seen")
  }

  /// Recording into a folder that did not exist says so (a typo in --snapshots otherwise goes
  /// unnoticed); a second run into it does not.
  @Test func aCreatedSnapshotsFolderIsNoted() throws {
    let fixture = try VerifyFixture()
    let first = try fixture.verify("--record", "missing")
    #expect(first.stderr.contains("note: --snapshots snap did not exist and was created"))
    let second = try fixture.verify("--record", "missing")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!second.stderr.contains("did not exist"))
  }
}

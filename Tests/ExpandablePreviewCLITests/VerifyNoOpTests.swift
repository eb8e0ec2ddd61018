import Foundation
import Testing

/// `verify --changed` with nothing changed ends after its no-op record (in the artifacts
/// folder) and the stamps, printing the summary of a run that passed every golden unchanged;
/// every input sends it down the full path. A full run rewrites `art/report.json` (a new
/// inode), a short-cut one leaves it.
@Suite struct VerifyNoOpTests {
  static let record = "art/.expandable-preview-no-op"
  static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// Goldens recorded and settled (stamps count 2 s after a file's last change), a `--changed`
  /// run that passes them all unchanged and leaves the record, then one run short-cut.
  static func recorded(withFont: Bool = false) throws -> VerifyFixture {
    let fixture = try VerifyFixture()
    if withFont {
      try FileManager.default.copyItem(atPath: font, toPath: fixture.url("added.ttf").path)
      try fixture.writeManifest(top: #""fonts": ["added.ttf"], "#)
    }
    try fixture.record()
    Thread.sleep(forTimeInterval: 2.2)
    let leaving = try fullRun(fixture)
    #expect(leaving.status == 0, "\(leaving.stderr)")
    #expect(fixture.exists(record))
    try expectShortCut(fixture)
    return fixture
  }

  /// `art/report.json`'s inode and change time (to the nanosecond): a full run deletes the
  /// reports and writes them again, which may reuse the inode but not the time.
  static func reportInode(_ fixture: VerifyFixture) throws -> [Int]? {
    var status = stat()
    guard stat(fixture.url("art/report.json").path, &status) == 0 else { return nil }
    return [Int(status.st_ino), status.st_ctim.tv_sec, status.st_ctim.tv_nsec]
  }

  /// The run prints an unchanged run's summary, says nothing else and leaves the reports.
  static func expectShortCut(
    _ fixture: VerifyFixture, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try reportInode(fixture)
    let run = try fixture.verify("--changed")
    #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(
      run.stdout.contains("3 match, 0 mismatch")
        && run.stdout.contains("Rendered 0 of 3 images (3 unchanged)."),
      "\(run.stdout)", sourceLocation: sourceLocation)
    #expect(run.stderr.isEmpty, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(try reportInode(fixture) == before, "not short-cut", sourceLocation: sourceLocation)
  }

  /// A `--changed` run (plus `extra`) that went the full way: it wrote the reports again.
  static func fullRun(
    _ fixture: VerifyFixture, _ extra: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLI.Output {
    let before = try reportInode(fixture)
    let run = try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--changed"] + extra,
      in: fixture.scratch.url)
    #expect(try reportInode(fixture) != before, "short-cut", sourceLocation: sourceLocation)
    return run
  }

  @Test func anUnchangedRunIsShortCutWithTheSameJSON() throws {
    let fixture = try Self.recorded()
    let json = try fixture.verify("--changed", "--json")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(summary["images"] as? Int == 3 && summary["unchanged"] as? Int == 3)
    #expect(summary["rendered"] as? Int == 0 && summary["passed"] as? Bool == true)
    #expect((summary["counts"] as? [String: Int])?["match"] == 3)
    // The reports stand as the run that left the record wrote them.
    #expect(try VerifyChangedTests.unchanged(fixture) == Set(VerifyFixture.goldens))
  }

  @Test func aGoldenEditedIsChecked() throws {
    let fixture = try Self.recorded()
    let other = try Data(contentsOf: fixture.url("snap/a/collapsed@1x.png"))
    try other.write(to: fixture.url("snap/b/expanded@1x.png"))
    let run = try Self.fullRun(fixture)
    #expect(run.status == 1)
    #expect(try fixture.statuses()["b/expanded@1x.png"] != "match")
  }

  @Test func aGoldenDeletedOrLinkedIsChecked() throws {
    let fixture = try Self.recorded()
    let golden = fixture.url("snap/b/expanded@1x.png")
    let twin = fixture.url("twin.png")
    try FileManager.default.copyItem(at: golden, to: twin)
    try FileManager.default.removeItem(at: golden)
    #expect(try Self.fullRun(fixture).status == 1)
    #expect(try fixture.statuses()["b/expanded@1x.png"] == "missing")

    try FileManager.default.removeItem(at: golden)
    try FileManager.default.createSymbolicLink(at: golden, withDestinationURL: twin)
    let linked = try Self.fullRun(fixture)
    #expect(!(try VerifyChangedTests.unchanged(fixture).contains("b/expanded@1x.png")))
    #expect(!linked.stdout.contains("(3 unchanged)"), "\(linked.stdout)")
  }

  @Test func aManifestByteOrAnOptionGoesTheFullWay() throws {
    let fixture = try Self.recorded()
    // Bytes that change no golden's key: the full run passes them unchanged.
    let manifest = try String(contentsOf: fixture.url("m.json"), encoding: .utf8)
    try fixture.scratch.write("m.json", manifest + " ")
    #expect(try Self.fullRun(fixture).status == 0)
    #expect(try Self.fullRun(fixture, ["--threshold", "0.05"]).status == 0)
    #expect(try Self.fullRun(fixture, ["--compare", "pixels"]).status == 0)
    #expect(try Self.fullRun(fixture, ["--record", "never"]).status == 0)
  }

  @Test func aFontFileChangedGoesTheFullWay() throws {
    let fixture = try Self.recorded(withFont: true)
    let added = fixture.url("added.ttf")
    var bytes = try Data(contentsOf: added)
    bytes.append(0)
    try bytes.write(to: added)
    let run = try Self.fullRun(fixture)
    #expect(!run.stdout.contains("(3 unchanged)"), "\(run.stdout)")
  }

  @Test func withoutChangedEveryGoldenIsChecked() throws {
    let fixture = try Self.recorded()
    let before = try Self.reportInode(fixture)
    let run = try fixture.verify()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.reportInode(fixture) != before)
    #expect(try VerifyChangedTests.unchanged(fixture).isEmpty)
  }
}

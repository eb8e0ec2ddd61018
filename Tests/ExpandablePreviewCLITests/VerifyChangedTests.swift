@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

/// `verify --changed` reports a golden as "unchanged (key)" only when its job's key and the
/// golden file are those recorded; everything else is rendered and compared.
@Suite struct VerifyChangedTests {
  static func summaries(_ fixture: VerifyFixture) throws -> [String: String] {
    try fixture.reportImages().mapValues { $0["summary"] as? String ?? "?" }
  }

  static func unchanged(_ fixture: VerifyFixture) throws -> Set<String> {
    Set(try summaries(fixture).filter { $0.value.hasSuffix("unchanged (key)") }.keys)
  }

  @Test func recordedGoldensAreUnchangedAndChangesAreChecked() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    #expect(fixture.exists("snap/" + VerifyFixture.keyRecord))
    var run = try fixture.verify("--changed")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.unchanged(fixture) == Set(VerifyFixture.goldens))
    // How many were rendered, as `render` says it.
    #expect(run.stdout.contains("Rendered 0 of 3 images (3 unchanged)."), "\(run.stdout)")
    // A changed text: its golden is rendered and fails.
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice here")
    run = try fixture.verify("--changed")
    #expect(run.status == 1)
    #expect(run.stdout.contains("Rendered 1 of 3 images (2 unchanged)."), "\(run.stdout)")
    #expect(try Self.unchanged(fixture) == ["b/collapsed@1x.png", "b/expanded@1x.png"])
    #expect(try fixture.statuses()["a/collapsed@1x.png"] != "match")
    // A golden edited by hand: rendered and compared, not trusted.
    try fixture.writeManifest()
    let edited = fixture.url("snap/b/expanded@1x.png")
    let golden = try Data(contentsOf: fixture.url("snap/a/collapsed@1x.png"))
    try golden.write(to: edited)
    run = try fixture.verify("--changed", "--record", "never")
    #expect(run.status == 1)
    // a's key was forgotten when it failed above, so a is rendered too (and matches).
    #expect(try Self.unchanged(fixture) == ["b/collapsed@1x.png"])
    #expect(try fixture.statuses()["a/collapsed@1x.png"] == "match")
    // A stricter diff option is another key.
    run = try fixture.verify("--changed", "--threshold", "0.05", "--record", "never")
    #expect(try Self.unchanged(fixture).isEmpty)
  }

  /// A failing run without `--record` (mode missing) learns the keys of the goldens that
  /// match and forgets those that fail, as `--changed` needs; one that changes no key leaves
  /// the record as it is, not even rewritten with the same bytes.
  @Test func aRunThatChangesNoKeyLeavesTheRecordUntouched() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice here")
    let record = fixture.url("snap/" + VerifyFixture.keyRecord)
    let recorded = try Data(contentsOf: record)
    #expect(try fixture.verify().status == 1)
    // a/collapsed failed: its key is forgotten, the others' stay.
    let learned = try Data(contentsOf: record)
    #expect(learned != recorded)
    let file = try Self.fileNumber(record)
    #expect(try fixture.verify().status == 1)
    #expect(try Data(contentsOf: record) == learned)
    // An atomic write renames a new file over it: another file number.
    #expect(try Self.fileNumber(record) == file, "the record was written again")
  }

  private static func fileNumber(_ url: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.systemFileNumber] as? NSNumber).uint64Value
  }

  @Test func pruneKeepsTheKeyRecordAndForgetsPrunedGoldens() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    try fixture.writeManifest(withB: false)
    let run = try fixture.verify("--record", "missing", "--prune")
    #expect(run.status == 0, "\(run.stderr)")
    let data = try Data(contentsOf: fixture.url("snap/" + VerifyFixture.keyRecord))
    let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let goldens = try #require(record["goldens"] as? [String: Any])
    #expect(Set(goldens.keys) == ["a/collapsed@1x.png"])
    #expect(!fixture.exists("snap/b"))
  }

  @Test func shardsRecordsUnionToTheWholeRunsRecord() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let whole = try Data(contentsOf: fixture.url("snap/" + VerifyFixture.keyRecord))
    try FileManager.default.removeItem(at: fixture.url("snap"))
    for shard in ["1/2", "2/2"] {
      _ = try fixture.verify("--record", "missing", "--shard", shard)
    }
    #expect(try Data(contentsOf: fixture.url("snap/" + VerifyFixture.keyRecord)) == whole)
  }

  /// On seeded random edits, `--changed` never calls a golden unchanged when its job changed,
  /// and fails exactly the goldens the full check fails.
  @Test func changedNeverReportsUnchangedForADifferingKey() throws {
    var generator = SplitMix64(seed: 2222)
    let texts = ["Alpha beta gamma delta epsilon zeta eta theta iota kappa", "Short", "Mid text"]
    for round in 0..<4 {
      let fixture = try VerifyFixture()
      try fixture.record()
      let aText = texts.randomElement(using: &generator)!
      let width = [160, 160, 200].randomElement(using: &generator)!
      try fixture.writeManifest(aText: aText, width: width)
      let changedRun = try fixture.verify("--changed", "--record", "never")
      let unchanged = try Self.unchanged(fixture)
      let changedStatuses = try fixture.statuses()
      let full = try fixture.verify("--record", "never")
      let fullStatuses = try fixture.statuses()
      var jobChanged: Set<String> = []
      if aText != texts[0] || width != 160 { jobChanged.insert("a/collapsed@1x.png") }
      if width != 160 { jobChanged.formUnion(["b/collapsed@1x.png", "b/expanded@1x.png"]) }
      #expect(unchanged.isDisjoint(with: jobChanged), "round \(round): \(unchanged)")
      #expect(unchanged == Set(VerifyFixture.goldens).subtracting(jobChanged), "round \(round)")
      #expect(changedStatuses == fullStatuses, "round \(round)")
      #expect(changedRun.status == full.status, "round \(round)")
    }
  }
}

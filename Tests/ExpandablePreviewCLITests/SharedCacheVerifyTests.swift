import Foundation
import Testing

/// `verify --changed --cache URL`: a golden a writing runner saw match, with the same key and
/// the same bytes, passes as "unchanged (key)" on any runner without rendering.
@Suite struct SharedCacheVerifyTests {
  /// `verify` into `snapshots` (artifacts beside it) with `extra`.
  static func verify(
    _ fixture: VerifyFixture, _ snapshots: String, _ extra: [String],
    environment: [String: String] = [:]
  ) throws -> CLI.Output {
    try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", snapshots, "--artifacts", snapshots + "-art"] + extra,
      in: fixture.scratch.url, environment: environment)
  }

  /// Each golden's summary in the report of the run into `snapshots`.
  static func summaries(_ fixture: VerifyFixture, _ snapshots: String) throws -> [String: String] {
    let report = try fixture.scratch.json(snapshots + "-art/report.json")
    let images = try #require(report["images"] as? [[String: Any]])
    return Dictionary(
      uniqueKeysWithValues: images.map {
        ($0["path"] as? String ?? "?", $0["summary"] as? String ?? "?")
      })
  }

  @Test func aGoldenAWritingRunnerSawMatchIsUnchangedOnAnotherRunner() throws {
    guard let cache = try NginxCache() else {
      print("note: skipped: nginx is not installed (bash Scripts/setup.sh --test-tools)")
      return
    }
    let fixture = try VerifyFixture()
    try fixture.record()
    // A second checkout's goldens: the same files, no local key record.
    let copy = fixture.url("other")
    try FileManager.default.copyItem(at: fixture.url("snap"), to: copy)
    try FileManager.default.removeItem(at: copy.appendingPathComponent(VerifyFixture.keyRecord))

    // A read-only runner asks and records nothing.
    let readOnly = try Self.verify(
      fixture, "snap", ["--record", "never", "--cache", cache.url, "--cache-read-only"])
    #expect(readOnly.status == 0, "\(readOnly.stderr)")
    #expect(cache.files().isEmpty)
    // A writing runner checks every golden and records each match.
    let writer = try Self.verify(fixture, "snap", ["--record", "never", "--cache", cache.url])
    #expect(writer.status == 0, "\(writer.stderr)")
    #expect(cache.files().count == VerifyFixture.goldens.count)
    #expect(try Self.summaries(fixture, "snap").values.allSatisfy { !$0.contains("unchanged") })

    let other = try Self.verify(
      fixture, "other", ["--record", "never", "--changed", "--cache", cache.url])
    #expect(other.status == 0, "\(other.stderr)")
    let summaries = try Self.summaries(fixture, "other")
    #expect(summaries.count == 3 && summaries.values.allSatisfy { $0.hasSuffix("unchanged (key)") })
    // Said as `render` says it.
    #expect(other.stdout.contains("Rendered 0 of 3 images (3 from the cache)."), "\(other.stdout)")
    // Without the cache the same runner renders every golden.
    let alone = try Self.verify(fixture, "other", ["--record", "never", "--changed"])
    #expect(alone.status == 0)
    #expect(try Self.summaries(fixture, "other").values.allSatisfy { !$0.contains("unchanged") })

    // A golden whose bytes differ from those that matched is rendered and compared.
    let edited = copy.appendingPathComponent("b/expanded@1x.png")
    try Data(contentsOf: copy.appendingPathComponent("a/collapsed@1x.png")).write(to: edited)
    let changed = try Self.verify(
      fixture, "other", ["--record", "never", "--changed", "--cache", cache.url])
    #expect(changed.status == 1)
    let after = try Self.summaries(fixture, "other")
    #expect(after["b/collapsed@1x.png"]?.hasSuffix("unchanged (key)") == true)
    #expect(after["a/collapsed@1x.png"]?.hasSuffix("unchanged (key)") == true)
    #expect(after["b/expanded@1x.png"]?.contains("unchanged") == false, "\(after)")
  }

  /// Without `--changed`, a cache changes nothing of verify's report or exit status; a pass
  /// the cache holds that is not the tool's is not taken: the golden is checked, one warning.
  @Test func theReportIsTheSameWithACacheAndABadPassIsNotTaken() throws {
    guard let cache = try NginxCache() else {
      print("note: skipped: nginx is not installed (bash Scripts/setup.sh --test-tools)")
      return
    }
    let fixture = try VerifyFixture()
    try fixture.record()
    let plain = try Self.verify(fixture, "snap", ["--record", "never"])
    let plainReport = try Self.summaries(fixture, "snap")
    let cached = try Self.verify(fixture, "snap", ["--record", "never", "--cache", cache.url])
    #expect(cached.status == plain.status)
    #expect(try Self.summaries(fixture, "snap") == plainReport)
    #expect(SharedCacheFixture.warnings(cached).isEmpty, "\(cached.stderr)")

    let facts = cache.files().keys.filter { $0.hasPrefix("ac/") }
    #expect(facts.count == VerifyFixture.goldens.count)
    for fact in facts {
      try Data(#"{"generator": "expandable-preview golden pass", "version": 1}"#.utf8).write(
        to: cache.root.appendingPathComponent(fact))
    }
    try FileManager.default.removeItem(at: fixture.url("snap/" + VerifyFixture.keyRecord))
    let run = try Self.verify(
      fixture, "snap",
      ["--record", "never", "--changed", "--cache", cache.url, "--cache-read-only"])
    #expect(run.status == plain.status)
    #expect(try Self.summaries(fixture, "snap") == plainReport)
    // One warning names the first pass not used and counts the others.
    let warnings = SharedCacheFixture.warnings(run)
    #expect(warnings.count == 1, "\(run.stderr)")
    #expect(
      warnings.first?.contains(
        "golden key") == true
        && warnings.first?.contains(
          "(and \(VerifyFixture.goldens.count - 1) more golden passes not used)") == true,
      "\(warnings)")
  }
}

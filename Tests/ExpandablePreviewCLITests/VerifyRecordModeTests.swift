import Foundation
import Testing

/// `verify`'s record modes, the CI rule, exit codes and the no-churn rule, end to end.
@Suite struct VerifyRecordModeTests {
  @Test func missingIsTheDefaultRecordsFailsOnceThenPasses() throws {
    let fixture = try VerifyFixture()
    let first = try fixture.verify()
    #expect(first.status == 1)
    #expect(first.stdout.contains("3 missing"))
    #expect(first.stdout.contains("Recorded 3 golden(s) (record mode missing)"))
    #expect(
      first.stderr.contains(
        "missing: a/collapsed@1x.png: no golden yet; recorded it, run again to compare"))
    #expect(
      Set(try fixture.goldenFiles().keys)
        == Set(VerifyFixture.goldens + VerifyFixture.records + ["fingerprint.json"]))
    for (path, image) in try fixture.reportImages() {
      #expect(image["status"] as? String == "missing", "\(path)")
      #expect(image["recorded"] as? Bool == true, "\(path)")
    }
    let recorded = try fixture.goldenFiles()

    let second = try fixture.verify()
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("3 match, 0 mismatch, 0 size changed, 0 missing"))
    #expect(
      try fixture.statuses()
        == Dictionary(uniqueKeysWithValues: VerifyFixture.goldens.map { ($0, "match") }))
    #expect(try fixture.goldenFiles() == recorded)
  }

  @Test func ciMakesTheDefaultNeverSoAMissingGoldenFailsAndNothingIsWritten() throws {
    let fixture = try VerifyFixture()
    let result = try fixture.verify(environment: ["CI": "1"])
    #expect(result.status == 1)
    #expect(!fixture.exists("snap"), "nothing is written into the snapshots folder on CI")
    for image in try fixture.reportImages().values {
      #expect(image["status"] as? String == "missing")
      #expect(image["recorded"] as? Bool == false)
    }
    #expect(
      fixture.exists("art/actual/a/collapsed@1x.png"), "the actual image is still an artifact")
    // It says why nothing was recorded, in assertSnapshot's words, here and in every report.
    let why = "no golden yet; not recorded: record mode never (because CI is set)"
    #expect(result.stderr.contains("missing: a/collapsed@1x.png: \(why)"), "\(result.stderr)")
    #expect(!result.stderr.contains("recorded it"))
    for (path, image) in try fixture.reportImages() {
      #expect(image["summary"] as? String == "\(path): \(why)")
    }
    let junit = String(decoding: try Data(contentsOf: fixture.url("art/junit.xml")), as: UTF8.self)
    #expect(junit.contains("a/collapsed@1x.png: \(why)"))

    // An explicit mode wins over the CI rule: the environment variable, then the flag.
    let explicit = try fixture.verify(
      environment: ["CI": "true", "EXPANDABLE_PREVIEW_RECORD": "missing"])
    #expect(explicit.status == 1)
    #expect(Set(try fixture.goldenFiles().keys).isSuperset(of: VerifyFixture.goldens))
  }

  @Test func neverWritesNothingEvenOffCI() throws {
    let fixture = try VerifyFixture()
    let result = try fixture.verify("--record", "never")
    #expect(result.status == 1)
    #expect(!fixture.exists("snap"))
    #expect(
      result.stderr.contains(
        "missing: a/collapsed@1x.png: no golden yet; not recorded: record mode never\n"),
      "\(result.stderr)")
    // A flag wins over the CI rule, so CI is not the reason then.
    let flagOnCI = try fixture.verify("--record", "never", environment: ["CI": "1"])
    #expect(!flagOnCI.stderr.contains("because CI is set"), "\(flagOnCI.stderr)")
    #expect(try fixture.statuses().values.allSatisfy { $0 == "missing" })
  }

  @Test func failedRewritesOnlyGoldensThatDoNotMatch() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let before = try fixture.goldenFiles()
    try fixture.ageGoldens()
    let dates = try fixture.modificationDates()
    try fixture.writeManifest(aText: "Something else entirely, long enough to wrap twice over here")

    for mode in ["missing", "never"] {
      let result = try fixture.verify("--record", mode)
      #expect(result.status == 1, "mode \(mode)")
      #expect(try fixture.statuses()["a/collapsed@1x.png"] == "mismatch", "mode \(mode)")
      #expect(try fixture.goldenFiles() == before, "mode \(mode) leaves a mismatching golden")
      #expect(try fixture.modificationDates() == dates)
    }

    let failed = try fixture.verify("--record", "failed")
    #expect(failed.status == 1, "the run that re-records still reports the mismatch")
    #expect(failed.stdout.contains("Recorded 1 golden(s) (record mode failed)"))
    let after = try fixture.goldenFiles()
    #expect(after["a/collapsed@1x.png"] != before["a/collapsed@1x.png"])
    for path in ["b/collapsed@1x.png", "b/expanded@1x.png"] {
      #expect(after[path] == before[path])
      #expect(try fixture.modificationDate("snap/" + path) == dates[path], "\(path) untouched")
    }
    #expect(try fixture.reportImages()["a/collapsed@1x.png"]?["recorded"] as? Bool == true)

    let again = try fixture.verify()
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test func allRewritesOnlyChangedPixelsAndNeverChurns() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let before = try fixture.goldenFiles()
    try fixture.ageGoldens()
    let dates = try fixture.modificationDates()

    // Same pixels: no golden and no fingerprint is rewritten (bytes and times stay).
    let same = try fixture.verify("--record", "all")
    #expect(same.status == 0, "\(same.stderr)")
    #expect(!same.stdout.contains("Recorded"))
    #expect(try fixture.goldenFiles() == before)
    #expect(try fixture.modificationDates() == dates)

    // Pixels changed within the tolerances: the image matches, and `all` still rewrites it.
    try fixture.writeManifest(aText: "Alpha bets gamma delta epsilon zeta eta theta iota kappa")
    let within = try fixture.verify("--record", "all", "--max-diff-ratio", "1")
    #expect(within.status == 0, "\(within.stderr)")
    let images = try fixture.reportImages()
    #expect(images["a/collapsed@1x.png"]?["status"] as? String == "match")
    #expect(images["a/collapsed@1x.png"]?["recorded"] as? Bool == true)
    #expect(try fixture.goldenFiles()["a/collapsed@1x.png"] != before["a/collapsed@1x.png"])
    #expect(try fixture.modificationDate("snap/b/expanded@1x.png") == dates["b/expanded@1x.png"])

    // Recording the same pixels again gives the same bytes.
    let rewritten = try fixture.goldenFiles()["a/collapsed@1x.png"]
    try FileManager.default.removeItem(at: fixture.url("snap/a/collapsed@1x.png"))
    _ = try fixture.verify("--record", "missing")
    #expect(try fixture.goldenFiles()["a/collapsed@1x.png"] == rewritten)
  }

  @Test func aPassingRunFillsInAMissingFingerprintExceptInNever() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let fingerprint = try #require(try fixture.goldenFiles()["fingerprint.json"])
    try FileManager.default.removeItem(at: fixture.url("snap/fingerprint.json"))
    #expect(try fixture.verify("--record", "never").status == 0)
    #expect(!fixture.exists("snap/fingerprint.json"))
    #expect(try fixture.verify().status == 0)
    #expect(try fixture.goldenFiles()["fingerprint.json"] == fingerprint)
  }

  @Test func invalidInputExitsWithTwoAndWritesNothing() throws {
    let fixture = try VerifyFixture()
    let cases: [([String], [String: String], String)] = [
      (["--record", "sometimes"], [:], "--record: unknown mode 'sometimes'"),
      (
        [], ["EXPANDABLE_PREVIEW_RECORD": "often"],
        "EXPANDABLE_PREVIEW_RECORD: unknown mode 'often'"
      ),
      (["--prune", "--record", "never"], [:], "--prune deletes goldens"),
      (["--prune"], ["CI": "1"], "because CI is set"),
      (["--threshold", "2"], [:], "threshold must be between 0 and 1"),
      (["--threshold", "x"], [:], "--threshold expects a number"),
      (["--max-diff-pixels", "-1"], [:], "max-diff-pixels must not be negative"),
      (["--max-diff-ratio", "1.5"], [:], "max-diff-ratio must be between 0 and 1"),
      (["--artifacts", "snap/art"], [:], "must be separate folders"),
      (["--shard", "3/2"], [:], "--shard expects K/N"),
      (["--only", "zz"], [:], "no item named 'zz'"),
      (["--colour"], [:], "unknown option '--colour' for verify"),
      (["--artifacts", "m.json/art"], [:], "--artifacts m.json/art: cannot create the folder"),
    ]
    for (arguments, environment, message) in cases {
      let result = try fixture.verify(arguments, environment: environment)
      #expect(result.status == 2, "\(arguments) \(environment)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(!fixture.exists("snap"), "\(arguments)")
    }
    let noSnapshots = try fixture.scratch.run("verify", "m.json")
    #expect(noSnapshots.status == 2)
    #expect(noSnapshots.stderr.contains("verify needs --snapshots DIR"))
    try fixture.scratch.write("bad.json", #"{"items": [{"name": "a", "txt": "x"}]}"#)
    let badManifest = try fixture.scratch.run("verify", "bad.json", "--snapshots", "snap")
    #expect(badManifest.status == 2)
    #expect(badManifest.stderr.contains("unknown key 'txt'"))
  }
}

extension VerifyFixture {
  func verify(_ arguments: [String], environment: [String: String]) throws -> CLI.Output {
    try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"] + arguments,
      in: scratch.url, environment: environment)
  }
}

import Foundation
import Testing

/// `--report-blob` and `merge-reports`: the merged report of N shards is the report of one
/// unsharded run, file for file and byte for byte.
@Suite struct MergeReportsTests {
  static let seeds: [UInt64] = [1, 2, 3]
  static let shardCounts = [2, 3]

  /// Goldens recorded from the seed's manifest, then the manifest edited (item 0's first words), one
  /// golden deleted (missing) and one added that nothing renders (orphan): a report with
  /// matches, failures with images and accept commands, a missing golden and an orphan.
  private func verifyFixture(seed: UInt64) throws -> Scratch {
    let scratch = try Scratch()
    let manifest = SeededManifest(seed: seed)
    try scratch.write("m.json", manifest.json())
    let recorded = try scratch.run([
      "verify", "m.json", "--snapshots", "snap", "--artifacts", "rec",
    ])
    #expect(recorded.status == 1, "\(recorded.stderr)")
    try scratch.write("m.json", manifest.json(changed: true))
    let goldens = try scratch.files(in: "snap").keys.filter { $0.hasSuffix(".png") }.sorted()
    try FileManager.default.removeItem(
      at: scratch.url.appendingPathComponent("snap/" + goldens.last!))
    try scratch.write("snap/gone/collapsed@1x.png", "not rendered by any item")
    return scratch
  }

  @Test(arguments: seeds)
  func aMergedVerifyReportIsTheUnshardedReport(seed: UInt64) throws {
    let scratch = try verifyFixture(seed: seed)
    let verify = ["verify", "m.json", "--snapshots", "snap", "--record", "never"]
    let whole = try scratch.run(verify + ["--artifacts", "merged"])
    #expect(whole.status == 1, "the edit fails the run: \(whole.stderr)")
    let expected = try scratch.reportFiles(in: "merged")
    #expect(expected.keys.contains { $0.hasPrefix("diff/") }, "a failure with its panels")
    let json = try scratch.json("merged/report.json")
    let images = try #require(json["images"] as? [[String: Any]])
    #expect(images.contains { $0["status"] as? String == "orphan" })
    #expect(images.contains { $0["status"] as? String == "missing" })
    #expect(
      try String(
        contentsOf: scratch.url.appendingPathComponent("merged/report.html"), encoding: .utf8
      )
      .contains("--record failed --artifacts merged --only i0"))
    for count in Self.shardCounts {
      var blobs: [String] = []
      for k in 1...count {
        let shard = try scratch.run(
          verify + [
            "--artifacts", "s\(count)-\(k)", "--shard", "\(k)/\(count)",
            "--report-blob", "b\(count)-\(k)",
          ])
        #expect(shard.status <= 1, "\(shard.stderr)")
        blobs.append("b\(count)-\(k)")
      }
      // Given in any order: the merge orders them by shard.
      let merged = try scratch.run(
        ["merge-reports"] + blobs.reversed() + ["--artifacts", "merged"])
      #expect(merged.status == whole.status, "seed \(seed), \(count) shards: \(merged.stderr)")
      let files = try scratch.reportFiles(in: "merged")
      #expect(files.keys.sorted() == expected.keys.sorted(), "seed \(seed), \(count) shards")
      for (path, bytes) in expected {
        #expect(files[path] == bytes, "seed \(seed), \(count) shards: \(path) differs")
      }
    }
  }

  @Test(arguments: seeds)
  func aMergedGalleryIsTheUnshardedGallery(seed: UInt64) throws {
    let scratch = try Scratch()
    try scratch.write("m.json", SeededManifest(seed: seed).json())
    let render = ["render", "m.json", "--format", "png", "--format", "svg", "--quiet"]
    let whole = try scratch.run(render + ["--out", "whole"])
    #expect(whole.status == 0, "\(whole.stderr)")
    let expected = try scratch.reportFiles(in: "whole")
    #expect(expected.keys.contains("index.html"))
    for count in Self.shardCounts {
      var blobs: [String] = []
      for k in 1...count {
        let shard = try scratch.run(
          render + [
            "--out", "r\(count)-\(k)", "--shard", "\(k)/\(count)", "--report-blob",
            "rb\(count)-\(k)",
          ])
        #expect(shard.status == 0, "\(shard.stderr)")
        blobs.append("rb\(count)-\(k)")
      }
      let merged = try scratch.run(["merge-reports"] + blobs + ["--out", "m\(count)", "--quiet"])
      #expect(merged.status == 0, "seed \(seed), \(count) shards: \(merged.stderr)")
      let files = try scratch.reportFiles(in: "m\(count)")
      #expect(files.keys.sorted() == expected.keys.sorted(), "seed \(seed), \(count) shards")
      for (path, bytes) in expected {
        #expect(files[path] == bytes, "seed \(seed), \(count) shards: \(path) differs")
      }
    }
  }

  @Test func aBlobIsTheSameBytesEachTimeAndReplacesTheLastOne() throws {
    let scratch = try verifyFixture(seed: 4)
    let shard = [
      "verify", "m.json", "--snapshots", "snap", "--record", "never", "--shard", "1/2",
    ]
    _ = try scratch.run(shard + ["--artifacts", "a1", "--report-blob", "one"])
    _ = try scratch.run(shard + ["--artifacts", "a2", "--report-blob", "two"])
    try scratch.write("two/files/stale.png", "left by an earlier blob")
    _ = try scratch.run(shard + ["--artifacts", "a2", "--report-blob", "two"])
    let one = try scratch.files(in: "one")
    #expect(one.keys.contains("report-blob.json"))
    #expect(one == (try scratch.files(in: "two")), "same run, same blob; the stale file gone")
  }

  @Test func aMergeWithFailuresExitsAsVerifyWithFailuresAndAPassingOneWithZero() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", SeededManifest(seed: 5).json())
    let verify = ["verify", "m.json", "--snapshots", "snap", "--artifacts", "a", "--record"]
    #expect(try scratch.run(verify + ["missing"]).status == 1)
    #expect(try scratch.run(verify + ["never", "--report-blob", "pass"]).status == 0)
    let passing = try scratch.run(["merge-reports", "pass", "--artifacts", "m1"])
    #expect(passing.status == 0, "\(passing.stderr)")
    #expect(try scratch.json("m1/report.json")["passed"] as? Bool == true)
    try scratch.write("m.json", SeededManifest(seed: 5).json(changed: true))
    #expect(try scratch.run(verify + ["never", "--report-blob", "fail"]).status == 1)
    let failing = try scratch.run(["merge-reports", "fail", "--artifacts", "m2"])
    #expect(failing.status == 1)
    #expect(try scratch.json("m2/report.json")["passed"] as? Bool == false)
    #expect(failing.stdout.contains("To accept every failing image:"))
  }
}

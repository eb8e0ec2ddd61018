import ExpandablePreviewGolden
import Foundation
import Testing

/// `merge-reports --artifacts DIR` shows the rejections a reviewer left in DIR, as an
/// unsharded `verify --artifacts DIR` does (the shards' own folders have none).
@Suite struct MergeReportsRejectionTests {
  @Test func aMergedReportSaysWhichFailuresAReviewerRejected() throws {
    let scratch = try Scratch()
    let manifest = SeededManifest(seed: 1)
    try scratch.write("m.json", manifest.json())
    let recorded = try scratch.run([
      "verify", "m.json", "--snapshots", "snap", "--artifacts", "rec",
    ])
    #expect(recorded.status == 1, "\(recorded.stderr)")
    try scratch.write("m.json", manifest.json(changed: true))
    let verify = ["verify", "m.json", "--snapshots", "snap", "--record", "never"]
    let whole = try scratch.run(verify + ["--artifacts", "whole"])
    #expect(whole.status == 1, "\(whole.stderr)")
    var blobs: [String] = []
    for k in 1...2 {
      let shard = try scratch.run(
        verify + ["--artifacts", "s\(k)", "--shard", "\(k)/2", "--report-blob", "b\(k)"])
      #expect(shard.status <= 1, "\(shard.stderr)")
      blobs.append("b\(k)")
    }
    // The reviewer rejected item 0's first failing image; the merge goes into that folder.
    let failing = try #require(
      (try scratch.json("whole/report.json")["images"] as? [[String: Any]] ?? [])
        .first {
          ($0["path"] as? String)?.hasPrefix("i0/") == true && $0["status"] as? String != "match"
        }?["path"]
        as? String)
    try ReviewRejections([.init(path: failing, note: "cut too early", summary: "pixels")])
      .write(in: scratch.url.appendingPathComponent("whole"))
    let merged = try scratch.run(["merge-reports"] + blobs + ["--artifacts", "whole"])
    #expect(merged.status == 1, "\(merged.stderr)")
    let images = try #require(try scratch.json("whole/report.json")["images"] as? [[String: Any]])
    let rejected = images.filter { $0["rejection"] != nil }
    #expect(rejected.map { $0["path"] as? String } == [failing])
    #expect(rejected.first?["rejection"] as? String == "rejected by reviewer: cut too early")
    let html = try String(
      contentsOf: scratch.url.appendingPathComponent("whole/report.html"), encoding: .utf8)
    #expect(html.contains("rejected by reviewer: cut too early"))
  }
}

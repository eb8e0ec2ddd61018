import Foundation
import Testing

/// `bench` is a benchmark, so nothing here looks at times: only that it renders and writes what
/// it reports, and that the soak runs pass after pass on the same worker threads.
@Suite struct BenchCommandTests {
  @Test func benchWritesEveryImageItReports() throws {
    let scratch = try Scratch()
    let result = try scratch.run(
      "bench", "--items", "3", "--jobs", "2", "--no-pango-view", "--json", "--out", "o")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(report["items"] as? Int == 3)
    #expect(report["pngFiles"] as? Int == 6)
    #expect(report["maxLayoutsPerCollapsed"] as? Int == 1, "fade lays out once")
    #expect(report["speedupVsPangoView"] is NSNull)
    let files = try scratch.files(in: "o")
    #expect(
      files.keys.sorted()
        == (0..<3).flatMap { ["000\($0)-collapsed.png", "000\($0)-expanded.png"] })
    #expect(files.values.map(\.count).reduce(0, +) == report["bytesWritten"] as? Int)
    for png in files.values { #expect(try pngSize(png).width == 654, "327 pt at scale 2") }
  }

  @Test func soakSamplesMemoryAfterEveryPass() throws {
    let scratch = try Scratch()
    let result = try scratch.run("bench", "--items", "2", "--soak", "10", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    // Passes of 2 × 2 renders until at least 10: three passes, one sample after each.
    #expect(report["renders"] as? Int == 12)
    let samples = try #require(report["rssSamples"] as? [[String: Any]])
    #expect(samples.map { $0["renders"] as? Int } == [4, 8, 12])
    #expect(samples.allSatisfy { ($0["rssBytes"] as? Int ?? 0) > 0 })
  }
}

import ExpandablePreview
import Foundation
import Testing

/// Animations past rendering: `verify` of animated goldens frame by frame, and
/// `bench --animation`.
@Suite struct AnimationVerifyCLITests {
  /// `verify` of animation goldens: passing, failing on the frame that differs with its
  /// three-panel diff, and a plain PNG where an animated one belongs.
  @Test func verifyComparesAnimationsFrameByFrame() throws {
    let scratch = try Scratch()
    func write(less: String) throws {
      try scratch.write(
        "m.json",
        AnimationCLITests.manifest(
          #""collapseButton": "\#(less)", "animation": {"curve": "linear", "fps": 20}, "states": "expanding""#
        ))
    }
    func verify(_ mode: String) throws -> CLI.Output {
      try scratch.run(
        "verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--record", mode)
    }
    try write(less: "less")
    #expect(try verify("missing").status == 1)
    #expect(
      try APNGAnimation(
        data: Data(contentsOf: scratch.url.appendingPathComponent("snap/x/expanding@1x.png"))
      ).frames.count == 8)
    let passing = try verify("never")
    #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")

    // Another collapse label: the first frame (collapsed, the label clear) is the same; the
    // label fades in from the second frame on.
    try write(less: "show less")
    let failing = try verify("never")
    #expect(failing.status == 1)
    let entries = try #require(try scratch.json("art/report.json")["images"] as? [[String: Any]])
    let entry = try #require(entries.first)
    #expect(entry["status"] as? String == "mismatch")
    let frame = try #require(entry["frame"] as? Int)
    #expect(frame >= 1 && frame < 8)
    #expect((entry["summary"] as? String)?.contains("frame \(frame) of 8: ") == true, "\(entry)")
    // The layout record names the expanded end's label, then the pixels name the frame.
    #expect(
      failing.stderr.contains("x/expanding@1x.png: layout changed: expanded: label moved"),
      "\(failing.stderr)")
    #expect(failing.stderr.contains("(pixels: frame \(frame) of 8"), "\(failing.stderr)")
    let diff = try Data(
      contentsOf: scratch.url.appendingPathComponent("art/diff/x/expanding@1x.png"))
    #expect(try pngSize(diff).width > 3 * 200, "three panels of the frame")
    #expect(
      FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent("art/expected/x/expanding@1x.png").path))

    // A plain PNG where the animated one belongs.
    try write(less: "less")
    let still = try scratch.run(
      "render", "--text", AnimationCLITests.text, "--width", "200", "--scale", "1", "--out",
      "snap/x/expanding@1x.png")
    #expect(still.status == 0)
    let plain = try verify("never")
    #expect(plain.status == 1)
    #expect(
      plain.stderr.contains("the golden is a plain PNG, not an animated PNG"), "\(plain.stderr)")
    let plainEntry = try #require(
      (try scratch.json("art/report.json")["images"] as? [[String: Any]])?.first)
    #expect(plainEntry["status"] as? String == "mismatch")
  }

  /// A benchmark, so no time is asserted: only that it measures its case, the default
  /// animation (22 frames) of a text eight lines tall when expanded.
  @Test func benchAnimationMeasuresTheDefaultExpansionOfEightLines() throws {
    let result = try Scratch().runDeveloperTool(
      "bench", "--animation", "--repetitions", "1", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(report["frames"] as? Int == 22)
    #expect(report["expandedLines"] as? Int == 8)
    let bytes = try #require(report["animationBytes"] as? Int)
    let still = try #require(report["expandedStillBytes"] as? Int)
    #expect(report["byteRatio"] as? Double == Double(bytes) / Double(still))
    #expect((report["timeRatio"] as? Double ?? 0) > 0)
  }
}

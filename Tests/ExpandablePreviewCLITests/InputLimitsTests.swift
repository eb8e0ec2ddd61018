import Foundation
import Testing

/// Limits on what the tool reads and does: numbers in range, bounded work, linear error
/// reporting, a manifest size limit and a sane `--jobs`.
@Suite struct InputLimitsTests {
  // MARK: Large finite numbers

  @Test func largeNumbersAreManifestErrorsNamingItemAndKey() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      #"""
      {"items": [
        {"name": "spacing", "text": "x\ny", "lineSpacing": 1e7},
        {"name": "padding", "text": "x", "padding": [1e308, 0, 0, 0]},
        {"name": "bottom", "text": "x", "padding": [0, 0, 5e18, 0]},
        {"name": "ok", "text": "fine"}
      ]}
      """#)
    // Checked with the manifest, as every other range is: all three are named, in one run,
    // before anything is rendered; no trap.
    let output = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(output.status == 2, "\(output.stderr)")
    #expect(
      output.stderr.contains("item 'spacing', key 'lineSpacing': must be 0 to 1000 points, got 1e7")
    )
    #expect(
      output.stderr.contains("item 'padding', key 'padding': must be 0 to 10000 points, got 1e308"))
    #expect(
      output.stderr.contains("item 'bottom', key 'padding': must be 0 to 10000 points, got 5e18"))
    #expect(try scratch.files(in: "out").isEmpty)
    // A font size is part of the font's spelling, so it is checked with the manifest too.
    try scratch.write(
      "f.json", #"{"items": [{"name": "f", "text": "x", "font": "DejaVu Sans 1e9"}]}"#)
    let font = try scratch.run("render", "f.json", "--out", "out")
    #expect(font.status == 2)
    #expect(
      font.stderr.contains(
        "item 'f', key 'font': font size must be above 0 and at most 1000 points, got 1000000000.0"),
      "\(font.stderr)")
  }

  @Test func largeNumbersOnTheCommandLineNameTheFlag() throws {
    let scratch = try Scratch()
    let cases: [([String], String)] = [
      (["--line-spacing", "1e7"], "--line-spacing: must be 0 to 1000 points, got 1e7"),
      (["--padding", "1e308"], "--padding: must be 0 to 10000 points, got 1e308"),
      (["--padding", "0,0,5e18,0"], "--padding: must be 0 to 10000 points, got 5e18"),
      (["--width", "1e300"], "--width: must be above 0 and at most 10000"),
      (["--scale", "99999999999"], "--scale: must be 1 to 4"),
      (["--line-limit", "1e20"], "--line-limit: expected a whole number, got 1e20"),
      (["--font", "DejaVu Sans 1e9"], "--font: font size must be above 0 and at most 1000"),
    ]
    for (flags, message) in cases {
      let output = try CLI.runInProcess(
        ["render", "--text", "x\ny", "--out", "x.png"] + flags, in: scratch.url)
      #expect(output.status == 2, "\(flags): \(output.stderr)")
      #expect(output.stderr.contains(message), "\(flags): \(output.stderr)")
    }
  }

  // MARK: Bounded work

  @Test func aHugeVariantMatrixIsRefusedBeforePlanning() throws {
    let scratch = try Scratch()
    let widths = (0..<10_000).map { "\($0).5" }.joined(separator: ",")
    let items = (1...1_000).map { #"{"name": "i\#($0)", "text": "x"}"# }.joined(separator: ",")
    try scratch.write(
      "m.json",
      #"""
      {"variants": {"width": [\#(widths)], "scale": [1, 2, 3, 4], "appearance": ["light", "dark"],
        "dynamicType": ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
          "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"]},
       "items": [\#(items)]}
      """#)
    // A memory cap, so a build that materialises the plan fails instead of exhausting the
    // machine. AddressSanitizer's runtime cannot reserve its shadow memory under the cap; with
    // such a build a tiny render fails first, and the test has nothing safe to check.
    try scratch.write("probe.json", #"{"items": [{"name": "p", "text": "x"}]}"#)
    let probe = try shell(
      #"ulimit -v 4000000; exec "$0" "$@""#, ["render", "probe.json", "--out", "probe"],
      in: scratch, timeout: 60)
    guard probe.status == 0 else { return }
    let output = try shell(
      #"ulimit -v 4000000; exec "$0" "$@""#, ["render", "m.json", "--out", "out"], in: scratch,
      timeout: 60)
    #expect(output.status == 2, "\(output.stderr)")
    #expect(
      output.stderr.contains(
        "the manifest asks for 1920000000 renders; the limit is 100000 (raise it with --max-renders N)"
      ), "\(output.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
  }

  @Test func maxRendersOverridesTheLimit() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json", #"{"variants": {"width": [300, 320]}, "items": [{"name": "a", "text": "x"}]}"#)
    let refused = try scratch.run("render", "m.json", "--out", "out", "--max-renders", "3")
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("the manifest asks for 4 renders; the limit is 3"))
    let allowed = try scratch.run("render", "m.json", "--out", "out", "--max-renders", "4")
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(try scratch.files(in: "out").keys.filter { key in key.hasSuffix(".png") }.count == 4)
  }

  // MARK: Error reporting

  @Test func printedErrorsAreCappedWithACountOfTheRest() throws {
    let scratch = try Scratch()
    let items = (1...250).map { _ in #"{"name": "dup", "text": "x"}"# }.joined(separator: ",\n")
    try scratch.write("m.json", #"{"items": [\#(items)]}"#)
    let output = try scratch.run("render", "m.json", "--out", "out")
    #expect(output.status == 2)
    let lines = output.stderr.split(separator: "\n")
    #expect(lines.filter { $0.contains("the name is already used by item #1") }.count == 100)
    #expect(lines.last == "error: … and 149 more errors (249 in all)", "\(lines.last ?? "")")
    // Positions stay right for the last errors printed.
    #expect(
      output.stderr.contains("m.json:101:1: item 'dup' (#101)"), "\(output.stderr.suffix(300))")
  }

  // MARK: Manifest size

  @Test func aManifestOverTheSizeLimitIsRefusedBeforeReading() throws {
    let scratch = try Scratch()
    var bytes = [UInt8](repeating: 0x20, count: 64 << 20)
    bytes += Array(#"{"items": [{"name": "a", "text": "x"}]}"#.utf8)
    try Data(bytes).write(to: scratch.url.appendingPathComponent("m.json"))
    let output = try scratch.run("render", "m.json", "--out", "out")
    #expect(output.status == 2)
    #expect(
      output.stderr.contains(
        "m.json: the manifest has more than 67108864 bytes, the limit for a manifest (64 MiB); "
          + "it is not read"),
      "\(output.stderr)")
  }

  // MARK: --jobs

  @Test func jobsAreCappedAtFourTimesTheCoresWithAWarning() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", #"{"items": [{"name": "a", "text": "x"}]}"#)
    let output = try scratch.run("render", "m.json", "--out", "out", "--jobs", "1024", "--json")
    #expect(output.status == 0, "\(output.stderr)")
    let cap = 4 * ProcessInfo.processInfo.activeProcessorCount
    #expect(
      output.stderr.contains(
        "warning: --jobs 1024 is more than 4 × the \(ProcessInfo.processInfo.activeProcessorCount) cores; using \(cap)"
      ), "\(output.stderr)")
    let summary = try #require(
      JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(summary["jobs"] as? Int == cap)
  }

}

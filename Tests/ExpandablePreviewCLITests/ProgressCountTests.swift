import Foundation
import Testing

/// `render`'s progress output counts what its summary counts: files. A job that writes a PNG, an
/// SVG, a PDF and an accessibility overlay moves the count by four, and each file gets a line.
@Suite struct ProgressCountTests {
  static let manifest = """
    {"defaults": {"width": 200, "scale": 1, "lineLimit": 2},
     "items": [
       {"name": "every", "formats": ["png", "svg", "pdf"], "accessibilityOverlay": true,
        "text": "A text long enough to be cut at two lines when the width is this narrow."},
       {"name": "plain", "text": "One short line."}]}
    """

  /// The `[N/TOTAL] PATH` lines of a run's standard output.
  static func progressLines(_ stdout: String) -> [(number: Int, total: Int, path: String)] {
    stdout.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
      let counts = line[line.index(after: line.startIndex)..<close].split(separator: "/")
      guard counts.count == 2, let number = Int(counts[0]), let total = Int(counts[1]) else {
        return nil
      }
      let rest = line[line.index(after: close)...].dropFirst()
      let path = rest.hasSuffix(" (unchanged)") ? rest.dropLast(" (unchanged)".count) : rest
      return (number, total, String(path))
    }
  }

  @Test func eachWrittenFileHasOneLineAndTheCountMatchesTheSummary() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    let run = try scratch.run("render", "m.json", "--out", "out", "--jobs", "2")
    #expect(run.status == 0, "\(run.stderr)")
    let written = try scratch.files(in: "out").keys.filter {
      !$0.hasPrefix(".") && !$0.hasSuffix("layout.json") && !$0.hasSuffix(".html")
    }
    // every: 2 states × (PNG, SVG, PDF, overlay); plain: 2 states × PNG.
    #expect(written.count == 10, "\(written.sorted())")
    #expect(run.stdout.contains("Rendered 10 of 10 files"), "\(run.stdout)")
    let lines = Self.progressLines(run.stdout)
    #expect(lines.map(\.number) == Array(1...10), "\(run.stdout)")
    #expect(lines.allSatisfy { $0.total == 10 }, "\(run.stdout)")
    #expect(Set(lines.map(\.path)) == Set(written), "\(run.stdout)")
  }

  @Test func anUnchangedRunCountsEveryFileItLeft() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest)
    #expect(try scratch.run("render", "m.json", "--out", "out", "--quiet").status == 0)
    // Without its no-op record the run goes the whole way (the short-cut prints only the
    // summary: NoOpShortcutTests), checking and counting each file.
    try FileManager.default.removeItem(
      at: scratch.url.appendingPathComponent("out/.expandable-preview-no-op"))
    let again = try scratch.run("render", "m.json", "--out", "out")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("Rendered 0 of 10 files (10 unchanged)"), "\(again.stdout)")
    let lines = Self.progressLines(again.stdout)
    #expect(lines.count == 10, "\(again.stdout)")
    #expect(lines.last?.number == 10 && lines.last?.total == 10, "\(again.stdout)")
    #expect(again.stdout.split(separator: "\n").filter { $0.hasSuffix(" (unchanged)") }.count == 10)
  }
}

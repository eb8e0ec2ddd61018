import Foundation
import Testing

/// `expandable-preview-dev bench` is a benchmark, so nothing here looks at times: only that it renders and writes what
/// it reports, and that the soak runs pass after pass on the same worker threads.
@Suite struct BenchCommandTests {
  @Test func benchWritesEveryImageItReports() throws {
    let scratch = try Scratch()
    let result = try scratch.runDeveloperTool(
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
    let result = try scratch.runDeveloperTool("bench", "--items", "2", "--soak", "10", "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    // Passes of 2 × 2 renders until at least 10: three passes, one sample after each.
    #expect(report["renders"] as? Int == 12)
    let samples = try #require(report["rssSamples"] as? [[String: Any]])
    #expect(samples.map { $0["renders"] as? Int } == [4, 8, 12])
    #expect(samples.allSatisfy { ($0["rssBytes"] as? Int ?? 0) > 0 })
  }

  /// Ctrl-C in the middle of a run stops it between renders with 130 and removes its temporary
  /// folder (it used to stay behind, tens of megabytes each time).
  @Test func anInterruptedBenchRemovesItsTemporaryFolder() throws {
    let scratch = try Scratch()
    let temporary = scratch.url.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = CLI.developerExecutable
    process.arguments = ["bench", "--items", "400", "--jobs", "1", "--no-pango-view"]
    process.currentDirectoryURL = scratch.url
    process.environment = CLI.environment(["TMPDIR": temporary.path])
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    // Wait until the run has written images into its temporary folder, then interrupt.
    func imagesWritten() -> Int {
      let folders = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
      return folders.reduce(0) { count, folder in
        count
          + ((try? FileManager.default.contentsOfDirectory(
            atPath: temporary.appendingPathComponent(folder).path))?.count ?? 0)
      }
    }
    for _ in 0..<6000 where imagesWritten() < 4 { usleep(10_000) }
    #expect(imagesWritten() >= 4, "the run never started writing")
    kill(process.processIdentifier, SIGINT)
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(message.contains("bench stopped by SIGINT"), "\(message)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  /// A missing TMPDIR is an error that says so; bench never creates it (it used to, and left
  /// the folder behind).
  @Test func aMissingTemporaryFolderIsNamedNotCreated() throws {
    let scratch = try Scratch()
    let missing = scratch.url.appendingPathComponent("no/such/tmp")
    let result = try CLI.run(
      ["bench", "--items", "1", "--no-pango-view"], in: scratch.url,
      executable: CLI.developerExecutable, environment: ["TMPDIR": missing.path])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("the temporary folder \(missing.path) (TMPDIR) does not exist"),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("no").path))
  }
}

extension BenchCommandTests {
  @Test func shapesReportEachRenderOrTheLimitThatRefusesIt() throws {
    let scratch = try Scratch()
    let result = try scratch.runDeveloperTool("bench", "--shapes", "300,6000")
    #expect(result.status == 0, "\(result.stderr)")
    let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  one word of <") }
    #expect(rows.count == 2, "\(result.stdout)")
    #expect(rows.first?.contains("refused") == false, "\(result.stdout)")
    #expect(
      rows.last?.contains(
        "refused: the text has 6000 characters in a row without a line break opportunity")
        == true, "\(result.stdout)")
  }
}

import Foundation
import Testing

/// Replays the inputs the fuzzers found (Tests/Fuzz/TARGET-corpus) through the developer
/// tool's fuzz targets, as `expandable-preview-dev fuzz-replay` does: the manifest decoder
/// must reject or accept each without crashing and without accepting an unsafe name; the
/// render and layout record readers must read each as a record or as damage in plain words,
/// never crashing.
@Suite struct FuzzReplayTests {
  static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

  @Test(arguments: [("manifest", 20), ("render-record", 90), ("layout-record", 100)])
  func corpusReplaysWithoutACrash(target: String, atLeast: Int) throws {
    let corpus = Self.fuzz.appendingPathComponent("\(target)-corpus")
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
    #expect(files.count >= atLeast)
    let output = try CLI.runInProcess(
      ["fuzz-replay", "--target", target] + files.map { corpus.appendingPathComponent($0).path },
      in: corpus, developerTool: true)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("replayed \(files.count) \(target) inputs; every check held"))
  }

  @Test func aMissingInputIsAUsageError() throws {
    let scratch = try Scratch()
    let missing = try scratch.runDeveloperTool("fuzz-replay", "nope.bin")
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("fuzz-replay: cannot read 'nope.bin'"))
  }
}

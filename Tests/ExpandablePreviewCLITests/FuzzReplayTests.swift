import Foundation
import Testing

/// Replays the manifest inputs the fuzzer found (Tests/Fuzz/manifest-corpus) through the tool's
/// manifest fuzz target, as `fuzz-replay` does: the decoder must reject or accept each without
/// crashing and without accepting an unsafe name.
@Suite struct FuzzReplayTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/manifest-corpus")

  @Test func manifestCorpusReplaysWithoutACrash() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
    #expect(files.count >= 20)
    let output = try CLI.runInProcess(
      ["fuzz-replay", "--target", "manifest"]
        + files.map { Self.corpus.appendingPathComponent($0).path },
      in: Self.corpus)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("replayed \(files.count) manifest inputs; every check held"))
  }

  @Test func aMissingInputIsAUsageError() throws {
    let scratch = try Scratch()
    let missing = try CLI.runInProcess(["fuzz-replay", "nope.bin"], in: scratch.url)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("fuzz-replay: cannot read 'nope.bin'"))
  }
}

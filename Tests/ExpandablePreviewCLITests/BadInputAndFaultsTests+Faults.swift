import Foundation
import Testing

/// Faults of the machine, not the input: an output folder that cannot be created, a full disk,
/// a signal mid-run; only complete files are left.
extension BadInputAndFaultsTests {
  @Test func anOutputFolderThatCannotBeCreatedIsNamed() throws {
    let scratch = try Scratch()
    try scratch.write("file", "not a folder")
    let (output, _) = try render(
      #"{"items": [{"name": "a", "text": "x"}]}"#, in: scratch)
    #expect(output.status == 0)
    let blocked = try CLI.runInProcess(
      ["render", "manifest.json", "--out", "file/out"], in: scratch.url)
    #expect(blocked.status == 2)
    #expect(
      blocked.stderr.contains(
        "error: --out: cannot create the output folder 'file/out': Not a directory"))
  }

  /// A full disk, simulated with a file size limit: the files that fit are complete, the ones
  /// that do not are named with the reason, and no temporary file is left.
  @Test func aFullDiskFailsTheFilesItHitsAndLeavesNoTemporaryFiles() throws {
    let scratch = try Scratch()
    // ThreadSanitizer's runtime dies with SIGBUS under a file size limit once a batch starts
    // its threads; with such a build there is nothing of ours to check, so a tiny batch that
    // fits the limit must succeed first.
    try scratch.write("probe.json", #"{"items": [{"name": "p", "text": "x", "scale": 1}]}"#)
    let probe = try CLI.run(
      [
        "-c", #"ulimit -f 40 && exec "$0" "$@""#, CLI.executable.path, "render", "probe.json",
        "--out", "probe", "--quiet",
      ], in: scratch.url, executable: URL(fileURLWithPath: "/bin/bash"))
    guard probe.status == 0 else { return }
    let long = String(repeating: "A long text that makes a tall expanded image. ", count: 300)
    try scratch.write(
      "manifest.json",
      """
      {"defaults": {"scale": 3},
       "items": [{"name": "short", "text": "Short text."},
                 {"name": "long", "text": "\(long)"}]}
      """)
    let output = try CLI.run(
      [
        "-c", #"ulimit -f 40 && exec "$0" "$@""#, CLI.executable.path, "render", "manifest.json",
        "--out", "out", "--jobs", "1",
      ], in: scratch.url, executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(output.status == 1)
    #expect(output.stderr.contains("long/expanded@3x.png"), "\(output.stderr)")
    #expect(output.stderr.contains("file size limit reached"), "\(output.stderr)")
    let files = try scratch.files(in: "out")
    #expect(!files.keys.contains("long/expanded@3x.png"))
    for name in ["short/collapsed@3x.png", "short/expanded@3x.png"] {
      let png = try #require(files[name], "\(name) was not written")
      #expect(png.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]))
    }
    #expect(!files.keys.contains { $0.hasSuffix(".tmp") }, "\(files.keys.sorted())")
  }

  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aSignalStopsTheRunLeavingOnlyCompleteFiles(signalNumber: Int32, exitCode: Int32) throws {
    let scratch = try Scratch()
    let text = String(repeating: "Text for a slow batch that a signal stops. ", count: 100)
    let items = (1...60).map { #"{"name": "item\#($0)", "text": "\#(text)"}"# }
    try scratch.write(
      "manifest.json",
      #"{"defaults": {"scale": 3}, "items": [\#(items.joined(separator: ","))]}"#)
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["render", "manifest.json", "--out", "out", "--jobs", "1", "--quiet"]
    process.currentDirectoryURL = scratch.url
    process.standardError = FileHandle.nullDevice
    try process.run()
    let out = scratch.url.appendingPathComponent("out")
    // Wait for the first files, then interrupt.
    for _ in 0..<6000 {
      if ((try? scratch.files(in: "out").count) ?? 0) >= 3 { break }
      usleep(10_000)
    }
    kill(process.processIdentifier, signalNumber)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == exitCode)
    let files = try scratch.files(in: "out")
    #expect(files.count >= 3)
    #expect(files.count < 120, "the run went on to the end")
    for (name, data) in files {
      #expect(name.hasSuffix(".png"), "\(name) written after the signal")
      #expect(data.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "\(name)")
    }
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
  }
}

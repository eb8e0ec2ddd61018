import Foundation
import Testing

/// When the reader of standard output goes away (`render | head -1`), the run is not killed by
/// SIGPIPE: it finishes, writes every file and the gallery, and exits with the images' status.
/// A full standard output or error does not stop it either.
@Suite struct StandardOutputGoneTests {
  /// Runs the tool with standard output a pipe whose reading end is closed before the tool
  /// writes anything, as when `head` has exited; standard error goes to a file.
  static func runWithClosedReader(_ arguments: [String], in folder: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = CLI.environment([:])
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    try pipe.fileHandleForReading.close()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
    return process.terminationStatus
  }

  @Test func aRenderWhoseOutputReaderLeftFinishesWithItsGallery() throws {
    let scratch = try Scratch()
    let items = (0..<12).map { #"{"name": "i\#($0)", "text": "Item \#($0)"}"# }
    try scratch.write(
      "m.json", #"{"defaults": {"scale": 1}, "items": [\#(items.joined(separator: ","))]}"#)
    let status = try Self.runWithClosedReader(
      ["render", "m.json", "--out", "out"], in: scratch.url)
    #expect(status == 0)
    let files = try scratch.files(in: "out").keys
    #expect(files.filter { $0.hasSuffix(".png") }.count == 24, "\(files.sorted())")
    #expect(files.contains("index.html"))
  }

  @Test func aHeadThatReadsOneLineDoesNotKillTheRun() throws {
    let scratch = try Scratch()
    let items = (0..<40).map { #"{"name": "i\#($0)", "text": "Item \#($0)"}"# }
    try scratch.write(
      "m.json", #"{"defaults": {"scale": 1}, "items": [\#(items.joined(separator: ","))]}"#)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c", #""$0" render m.json --out out | head -1 >/dev/null; echo "${PIPESTATUS[0]}" > status"#,
      CLI.executable.path,
    ]
    process.currentDirectoryURL = scratch.url
    process.environment = CLI.environment([:])
    try process.run()
    process.waitUntilExit()
    let status = try String(
      contentsOf: scratch.url.appendingPathComponent("status"), encoding: .utf8)
    #expect(status == "0\n")
    #expect(try scratch.files(in: "out").keys.contains("index.html"))
  }

  @Test func aFullStandardOutputOrErrorDoesNotStopTheRun() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json",
      #"{"items": [{"name": "a", "text": "x"}, {"name": "b", "text": "y", "padding": [0, 300, 0, 300]}]}"#
    )
    let full = try shell(
      #"exec "$0" "$@" >/dev/full 2>/dev/full"#, ["render", "m.json", "--out", "out"], in: scratch)
    #expect(full.status == 1, "\(full.stderr)")
    let files = try scratch.files(in: "out")
    #expect(files["index.html"] != nil && files["a/collapsed@2x.png"] != nil)
    let clean = try shell(
      #"exec "$0" "$@" >/dev/full"#, ["render", "m.json", "--out", "out2", "--only", "a"],
      in: scratch)
    #expect(clean.status == 0, "\(clean.stderr)")
    #expect(try scratch.files(in: "out2")["index.html"] != nil)
  }
}

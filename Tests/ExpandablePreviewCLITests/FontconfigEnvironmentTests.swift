import Foundation
import Testing

/// The pinned font set never reads the user's fontconfig configuration: `FONTCONFIG_FILE`
/// naming a FIFO (which once hung the run for good) or `/dev/zero` (100 % CPU, growing memory)
/// changes nothing.
@Suite struct FontconfigEnvironmentTests {
  /// Runs `render --text` with `FONTCONFIG_FILE` set, killing it after 60 s; returns its exit
  /// status, or nil when it had to be killed.
  func render(fontconfigFile: String, in scratch: Scratch) throws -> Int32? {
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["render", "--text", "Hello 吾輩", "--width", "120", "--out", "a.png"]
    process.currentDirectoryURL = scratch.url
    process.environment = CLI.environment(["FONTCONFIG_FILE": fontconfigFile])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<600 where process.isRunning { usleep(100_000) }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    return process.terminationStatus
  }

  @Test func aFIFOAsTheFontconfigFileIsNeverRead() throws {
    let scratch = try Scratch()
    let fifo = scratch.url.appendingPathComponent("fonts.conf")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    #expect(try render(fontconfigFile: fifo.path, in: scratch) == 0)
    #expect(
      FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("a.png").path))
  }

  @Test func devZeroAsTheFontconfigFileIsNeverRead() throws {
    let scratch = try Scratch()
    #expect(try render(fontconfigFile: "/dev/zero", in: scratch) == 0)
    #expect(
      FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("a.png").path))
  }

  /// Runs `render --text … --system-fonts` with `FONTCONFIG_FILE` set (killed after 60 s):
  /// the machine's configuration is read, but not through a FIFO or a device.
  func renderWithSystemFonts(fontconfigFile: String, in scratch: Scratch) throws -> CLI.Output {
    try shell(
      "FONTCONFIG_FILE=\"$1\" exec \"$0\" render --text Hello --width 120 --out a.png --system-fonts",
      [fontconfigFile], in: scratch, timeout: 60)
  }

  @Test(arguments: ["fifo", "/dev/zero"])
  func aFIFOOrDeviceAsTheFontconfigFileIsRefusedWithSystemFonts(file: String) throws {
    let scratch = try Scratch()
    var path = file
    if file == "fifo" {
      path = scratch.url.appendingPathComponent("fonts.conf").path
      try #require(mkfifo(path, 0o600) == 0)
    }
    let run = try renderWithSystemFonts(fontconfigFile: path, in: scratch)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains(path), "\(run.stderr)")
    #expect(run.stderr.contains("not a regular file or folder"), "\(run.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("a.png").path))
  }

  @Test func aManifestWithoutFontsBlamesFontconfigFileNotTheManifest() throws {
    let scratch = try Scratch()
    try scratch.write(
      "m.json", #"{"defaults": {"width": 120}, "items": [{"name": "a", "text": "Hi"}]}"#)
    let run = try shell(
      "FONTCONFIG_FILE=/dev/zero exec \"$0\" render m.json --out out --system-fonts", [],
      in: scratch, timeout: 60)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("FONTCONFIG_FILE=/dev/zero: is a device"), "\(run.stderr)")
    #expect(!run.stderr.contains("key 'fonts'"), "\(run.stderr)")
  }
}

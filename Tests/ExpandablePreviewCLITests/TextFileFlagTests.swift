import Foundation
import Testing

/// `render --text-file` reads at most the text limit, and only from a regular file: a FIFO or
/// a device is named as such, and a file past the limit is refused without being read whole.
@Suite struct TextFileFlagTests {
  func render(_ path: String, in scratch: Scratch) throws -> CLI.Output {
    try shell(
      "exec \"$0\" render --text-file \"$1\" --width 120 --out a.png", [path], in: scratch,
      timeout: 60)
  }

  @Test(arguments: ["fifo", "/dev/zero"])
  func aFIFOOrDeviceIsRefusedAsNotARegularFile(file: String) throws {
    let scratch = try Scratch()
    var path = file
    if file == "fifo" {
      path = scratch.url.appendingPathComponent("text.txt").path
      try #require(mkfifo(path, 0o600) == 0)
    }
    let run = try render(path, in: scratch)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("\(path) is a "), "\(run.stderr)")
    #expect(run.stderr.contains("not a regular file"), "\(run.stderr)")
    #expect(!run.stderr.contains("Permission denied"), "\(run.stderr)")
  }

  @Test func aFileOverTheTextLimitIsRefusedUnreadAndOneAtItIsRendered() throws {
    let scratch = try Scratch()
    let large = scratch.url.appendingPathComponent("large.txt")
    #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
    // Sparse: 300 MB that cost nothing to make.
    let handle = try FileHandle(forWritingTo: large)
    try handle.truncate(atOffset: 300 << 20)
    try handle.close()
    let run = try render(large.path, in: scratch)
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("has more than \((1 << 20) + 2) bytes"), "\(run.stderr)")
    let small = try scratch.write("small.txt", "Hello world\n")
    let ok = try render(small.path, in: scratch)
    #expect(ok.status == 0, "\(ok.stderr)")
  }
}

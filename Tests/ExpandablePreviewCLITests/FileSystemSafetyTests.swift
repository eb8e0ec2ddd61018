import Foundation
import Testing

/// What the tool reads and writes on disk: never through a symbolic link in the output or
/// snapshots folders, race-free `textFile` reads, no hang on a FIFO or a device, and folder
/// problems named in plain words.
@Suite struct FileSystemSafetyTests {
  // MARK: Symbolic links in the output and snapshots folders

  @Test func renderNeverFollowsASymlinkedItemFolder() throws {
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("outside"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.url.appendingPathComponent("out/a").path, withDestinationPath: "../outside")
    try scratch.write(
      "m.json", #"{"items": [{"name": "a", "text": "x"}, {"name": "b", "text": "y"}]}"#)
    let output = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(output.status == 1)
    #expect(try scratch.files(in: "outside").isEmpty)
    #expect(output.stderr.contains("refused to follow the symbolic link"), "\(output.stderr)")
    #expect(!output.stderr.contains("JobError("), "\(output.stderr)")
    #expect(try scratch.files(in: "out")["b/collapsed@2x.png"] != nil)
  }

  @Test func verifyNeverRecordsThroughASymlinkedItemFolder() throws {
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("outside"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("snap"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.url.appendingPathComponent("snap/a").path, withDestinationPath: "../outside")
    try scratch.write("m.json", #"{"items": [{"name": "a", "text": "x"}]}"#)
    let output = try scratch.run(
      "verify", "m.json", "--snapshots", "snap", "--record", "missing", "--artifacts", "art",
      "--quiet")
    #expect(output.status == 1)
    #expect(try scratch.files(in: "outside").isEmpty)
    #expect(output.stderr.contains("refused to follow the symbolic link"), "\(output.stderr)")
  }

  // MARK: textFile races

  @Test func swappingAFolderForALinkNeverLeaksTheLinkedFile() throws {
    let scratch = try Scratch()
    try scratch.write("sub/passwd", "harmless")
    try scratch.write("m.json", #"{"items": [{"name": "a", "textFile": "sub/passwd"}]}"#)
    let sub = scratch.url.appendingPathComponent("sub").path
    let real = scratch.url.appendingPathComponent("sub.real").path
    let stop = ManagedAtomicFlag()
    let swapper = Thread {
      while !stop.isSet {
        rename(sub, real)
        symlink("/etc", sub)
        usleep(200)
        unlink(sub)
        rename(real, sub)
        usleep(200)
      }
    }
    swapper.start()
    defer { stop.set() }
    var leaks = 0
    var rendered = 0
    for _ in 0..<60 {
      // A process of its own: the swapper is another actor, not a thread beside the run's own.
      let output = try scratch.runExecutable(
        "render", "m.json", "--out", "out", "--quiet", "--jobs", "1")
      guard output.status == 0 else { continue }
      rendered += 1
      let layout = try Data(contentsOf: scratch.url.appendingPathComponent("out/a/layout.json"))
      if String(decoding: layout, as: UTF8.self).contains("root:") { leaks += 1 }
    }
    stop.set()
    #expect(leaks == 0, "\(leaks) of \(rendered) renders leaked /etc/passwd")
    #expect(rendered > 0, "no render read the file while it was in place")
  }

  @Test func aSymlinkLoopIsNamedAsOne() throws {
    let scratch = try Scratch()
    symlink("loop.txt", scratch.url.appendingPathComponent("loop.txt").path)
    try scratch.write("m.json", #"{"items": [{"name": "a", "textFile": "loop.txt"}]}"#)
    let output = try scratch.run("render", "m.json", "--out", "out")
    #expect(output.status == 2)
    #expect(output.stderr.contains("Too many levels of symbolic links"), "\(output.stderr)")
    #expect(!output.stderr.contains("does not exist"), "\(output.stderr)")
  }

  // MARK: fonts naming a FIFO

  @Test func fontsNamingAFIFOOrADeviceAreRefusedWithoutHanging() throws {
    let scratch = try Scratch()
    #expect(mkfifo(scratch.url.appendingPathComponent("font.fifo").path, 0o644) == 0)
    for (path, kind) in [("font.fifo", "a FIFO"), ("/dev/zero", "a device")] {
      try scratch.write(
        "m.json", #"{"fonts": ["\#(path)"], "items": [{"name": "a", "text": "x"}]}"#)
      let output = try shell(
        #"exec "$0" "$@""#, ["render", "m.json", "--out", "out"], in: scratch, timeout: 20)
      #expect(output.status == 2, "\(path): \(output.stderr)")
      #expect(
        output.stderr.contains("is \(kind), not a regular file or folder"),
        "\(path): \(output.stderr)")
    }
  }

  // MARK: Messages

  @Test func messagesSayWhatIsWrongInPlainWords() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", #"{"items": [{"name": "a", "text": "x"}]}"#)
    try scratch.write("out/a", "a file where the item's folder goes")
    let blocked = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(blocked.status == 1)
    #expect(blocked.stderr.contains("cannot create or open folder"), "\(blocked.stderr)")
    #expect(!blocked.stderr.contains("JobError("), "\(blocked.stderr)")
    // An existing folder that cannot be written is not one that cannot be created.
    let readOnly = try scratch.run("render", "m.json", "--out", "/proc/self")
    #expect(readOnly.status == 2)
    #expect(
      readOnly.stderr.contains("--out: cannot write to the output folder '/proc/self'"),
      "\(readOnly.stderr)")
  }
}

/// A flag one thread sets and another polls.
final class ManagedAtomicFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

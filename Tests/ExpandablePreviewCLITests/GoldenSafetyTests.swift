import Foundation
import Testing

/// Goldens are the reference a team trusts: only a record mode writes them, and a run killed
/// while recording leaves each one either the old file or the new one, never a torn file.
@Suite struct GoldenSafetyTests {
  /// A manifest of `count` items whose text carries `version`, so a new version changes every
  /// golden.
  func writeManifest(_ scratch: Scratch, version: String, count: Int = 60) throws {
    let text = String(
      repeating: "Golden text version \(version), long enough to take time. ", count: 60)
    let items = (1...count).map { #"{"name": "g\#($0)", "text": "\#(text)"}"# }
    try scratch.write(
      "m.json",
      #"{"defaults": {"scale": 2, "states": "expanded"}, "items": [\#(items.joined(separator: ","))]}"#
    )
  }

  func record(_ scratch: Scratch, into folder: String) throws -> CLI.Output {
    try CLI.runInProcess(
      [
        "verify", "m.json", "--snapshots", folder, "--record", "all", "--quiet", "--artifacts",
        "art",
      ],
      in: scratch.url)
  }

  @Test func aRunKilledWhileRecordingLeavesEveryGoldenOldOrNew() throws {
    let scratch = try Scratch()
    try writeManifest(scratch, version: "one")
    _ = try record(scratch, into: "snap")
    let old = try scratch.files(in: "snap").filter { $0.key.hasSuffix(".png") }
    try #require(old.count == 60)
    try writeManifest(scratch, version: "two")
    _ = try record(scratch, into: "expected-new")
    let new = try scratch.files(in: "expected-new").filter { $0.key.hasSuffix(".png") }
    try #require(new.count == 60)

    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = [
      "verify", "m.json", "--snapshots", "snap", "--record", "all", "--jobs", "2", "--quiet",
      "--artifacts", "art",
    ]
    process.currentDirectoryURL = scratch.url
    process.environment = CLI.environment([:])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Kill without warning once some goldens have changed.
    for _ in 0..<12000 {
      let current = (try? scratch.files(in: "snap")) ?? [:]
      if current.contains(where: { $0.key.hasSuffix(".png") && new[$0.key] == $0.value }) { break }
      usleep(5_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    var changed = 0
    for (path, data) in try scratch.files(in: "snap") {
      if path.hasSuffix(".tmp") || path.contains("/.") { continue }  // a kill can leave these
      guard path.hasSuffix(".png") else { continue }
      #expect(
        data == old[path] || data == new[path], "\(path) is neither the old nor the new golden")
      if data == new[path] { changed += 1 }
    }
    #expect(changed > 0 && changed < 60, "\(changed) goldens changed before the kill")
    #expect(
      Set(try scratch.files(in: "snap").keys.filter { $0.hasSuffix(".png") }) == Set(old.keys))
  }

  @Test func renderAndNeverModeLeaveTheSnapshotsFolderUntouched() throws {
    let scratch = try Scratch()
    try writeManifest(scratch, version: "one", count: 2)
    _ = try record(scratch, into: "snap")
    let before = try scratch.files(in: "snap")
    try writeManifest(scratch, version: "two", count: 3)
    let never = try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "snap", "--record", "never", "--artifacts", "art"],
      in: scratch.url)
    #expect(never.status == 1)
    let onCI = try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"], in: scratch.url,
      environment: ["CI": "true"])
    #expect(onCI.status == 1)
    #expect(try scratch.files(in: "snap") == before)
  }
}

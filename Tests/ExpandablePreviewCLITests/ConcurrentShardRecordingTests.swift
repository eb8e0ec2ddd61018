import Foundation
import Testing

/// Shards of one `verify` run that record into one snapshots folder at the same time keep
/// every golden's entry in `fingerprint.json`: its read, merge and write take turns.
@Suite struct ConcurrentShardRecordingTests {
  @Test func concurrentShardsKeepEveryFingerprintEntry() throws {
    let scratch = try Scratch()
    let items = (0..<24).map { #"{"name": "i\#($0)", "text": "Item \#($0)"}"# }
    try scratch.write(
      "m.json",
      #"{"defaults": {"scale": 1, "width": 80}, "items": [\#(items.joined(separator: ","))]}"#)
    // Rounds, each into a new folder, so that the two shards' updates meet: without the lock
    // about one round in four lost one shard's entries.
    for round in 0..<10 {
      let processes = (1...2).map { shard in
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = [
          "verify", "m.json", "--snapshots", "snap\(round)", "--artifacts", "art\(round)-\(shard)",
          "--record", "missing", "--shard", "\(shard)/2", "--quiet",
        ]
        process.currentDirectoryURL = scratch.url
        process.environment = CLI.environment([:])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
      }
      for process in processes { try process.run() }
      for process in processes { process.waitUntilExit() }
      #expect(processes.map(\.terminationStatus) == [1, 1])
      let fingerprint = try scratch.json("snap\(round)/fingerprint.json")
      let goldens = try #require(fingerprint["goldens"] as? [String: Any])
      let expected = Set(
        (0..<24).flatMap { ["i\($0)/collapsed@1x.png", "i\($0)/expanded@1x.png"] })
      #expect(Set(goldens.keys) == expected, "round \(round): \(goldens.count) of 48 listed")
    }
  }
}

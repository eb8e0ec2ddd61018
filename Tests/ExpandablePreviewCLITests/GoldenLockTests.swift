import Foundation
import Testing

/// A snapshots folder locked into a golden store on a real nginx with WebDAV: verify reads no
/// golden for a pass, fetches only what differs, never uses a blob that is not the line's, and
/// record changes the lock only after the store took the bytes.
@Suite struct GoldenLockTests {
  /// Twelve items, one collapsed golden each; `changed` items get another text, `texts` theirs.
  static func manifest(changing changed: Set<Int> = [], texts: [Int: String] = [:]) -> String {
    let items = (0..<12).map { index in
      let text =
        texts[index]
        ?? (changed.contains(index)
          ? "Changed item \(index), a text that wraps differently at this width, cut at two lines."
          : "Item \(index) has a text long enough to be cut at two lines at this width here.")
      return #"{"name": "i\#(index < 10 ? "0" : "")\#(index)", "text": "\#(text)"}"#
    }
    return """
      {"defaults": {"width": 160, "scale": 1, "lineLimit": 2, "states": "collapsed"},
       "items": [\(items.joined(separator: ", "))]}
      """
  }

  static let goldens = (0..<12).map { "i\($0 < 10 ? "0" : "")\($0)/collapsed@1x.png" }

  let scratch = try! Scratch()

  func verify(_ arguments: [String]) throws -> CLI.Output {
    try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "snap", "--artifacts", "art"] + arguments,
      in: scratch.url)
  }

  func run(_ arguments: [String]) throws -> CLI.Output {
    try CLI.runInProcess(arguments, in: scratch.url)
  }

  var lockURL: URL { scratch.url.appendingPathComponent("snap/goldens.lock") }

  func lockText() throws -> String { try String(contentsOf: lockURL, encoding: .utf8) }

  /// The report's summary of each golden.
  func summaries() throws -> [String: String] {
    let images = try #require(try scratch.json("art/report.json")["images"] as? [[String: Any]])
    return Dictionary(
      uniqueKeysWithValues: images.map {
        ($0["path"] as? String ?? "?", $0["summary"] as? String ?? "?")
      })
  }

  /// Records the twelve goldens into a lock with their bytes in `store`.
  func record(into store: String) throws {
    try scratch.write("m.json", Self.manifest())
    let recorded = try verify(["--record", "missing", "--golden-store", store])
    #expect(recorded.status == 1, "\(recorded.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent(
          "snap/i00/collapsed@1x.png"
        ).path))
    #expect(try lockText().split(separator: "\n").filter { !$0.isEmpty }.count == 13)
  }

  static func nginx(_ behaviour: NginxCache.Behaviour = .store) throws -> NginxCache? {
    guard let cache = try NginxCache(behaviour) else {
      print("note: skipped: nginx is not installed (bash Scripts/setup.sh --test-tools)")
      return nil
    }
    return cache
  }

  @Test func aPassMakesNoRequestAndTenChangesFetchTen() throws {
    guard let nginx = try Self.nginx() else { return }
    try record(into: nginx.url)
    let uploads = try nginx.requests()
    #expect(uploads.count == 12 && uploads.allSatisfy { $0.hasPrefix("PUT /ep/cas/") })

    let pass = try verify(["--record", "never", "--golden-store", nginx.url])
    #expect(pass.status == 0, "\(pass.stderr)")
    #expect(try nginx.requests() == uploads)

    try scratch.write("m.json", Self.manifest(changing: Set(0..<10)))
    let failing = try verify(["--record", "never", "--golden-store", nginx.url])
    #expect(failing.status == 1)
    let fetched = try nginx.requests().dropFirst(uploads.count)
    #expect(fetched.count == 10 && fetched.allSatisfy { $0.hasPrefix("GET /ep/cas/") })
    let summaries = try summaries()
    for golden in Self.goldens.prefix(10) {
      #expect(summaries[golden]?.contains("layout changed") == true, "\(summaries[golden] ?? "")")
      #expect(summaries[golden]?.contains("pixels differ") == true, "\(summaries[golden] ?? "")")
    }
    // The failures' expected images are the goldens' bytes, fetched.
    let expected = try scratch.files(in: "art/expected")
    let blobs = Set(nginx.files().values)
    #expect(expected.count == 10 && expected.values.allSatisfy { blobs.contains($0) })
  }

  @Test func aTamperedOrTruncatedBlobIsNeverTheExpectedImage() throws {
    guard let nginx = try Self.nginx() else { return }
    try record(into: nginx.url)
    let lock = try lockText()
    let line = try #require(lock.split(separator: "\n").first { $0.hasPrefix("i00/") })
    let digest = String(line.split(separator: " ")[1])
    let blob = nginx.root.appendingPathComponent("cas/" + digest)
    // The changed render's own bytes (a short text: a smaller PNG) put under the old golden's
    // digest: used as the expected image, they would pass.
    try scratch.write("m.json", Self.manifest(texts: [0: "Hi."]))
    _ = try CLI.runInProcess(
      ["verify", "m.json", "--snapshots", "other", "--artifacts", "art2", "--record", "all"],
      in: scratch.url)
    let changed = try Data(
      contentsOf: scratch.url.appendingPathComponent("other/i00/collapsed@1x.png"))
    for tampered in [changed, try Data(contentsOf: blob).prefix(100)] {
      try tampered.write(to: blob)
      let result = try verify(["--record", "never", "--golden-store", nginx.url])
      #expect(result.status == 1)
      let summary = try #require(try summaries()["i00/collapsed@1x.png"])
      #expect(summary.contains("are unavailable"), "\(summary)")
      #expect(summary.contains("layout changed"), "\(summary)")
      #expect(summary.contains("they were not used"), "\(summary)")
    }
    #expect(try lockText() == lock)
  }

  @Test func aStoreThatIsDownFailsNamingTheLayoutChange() throws {
    var nginx = try Self.nginx()
    guard let url = nginx?.url else { return }
    try record(into: url)
    nginx = nil
    try scratch.write("m.json", Self.manifest(changing: [3]))
    let result = try verify(["--record", "never", "--golden-store", url])
    #expect(result.status == 1)
    let summary = try #require(try summaries()["i03/collapsed@1x.png"])
    #expect(summary.contains("layout changed"), "\(summary)")
    #expect(summary.contains("are unavailable"), "\(summary)")
    #expect(try summaries().filter { $0.value.hasSuffix(": images match") }.count == 11)
  }

  @Test func aStoreRefusingWritesLeavesTheLockAsItWas() throws {
    guard let nginx = try Self.nginx() else { return }
    try record(into: nginx.url)
    let lock = try lockText()
    guard let readOnly = try Self.nginx(.refusingWrites) else { return }
    try FileManager.default.removeItem(at: readOnly.root)
    try FileManager.default.copyItem(at: nginx.root, to: readOnly.root)
    try scratch.write("m.json", Self.manifest(changing: [5]))
    let result = try verify(["--record", "failed", "--golden-store", readOnly.url])
    #expect(result.status == 1)
    #expect(try summaries()["i05/collapsed@1x.png"]?.contains("refused the upload") == true)
    #expect(try lockText() == lock)
  }

  @Test func folderToLockToFolderIsByteIdentical() throws {
    guard let nginx = try Self.nginx() else { return }
    try scratch.write("m.json", Self.manifest())
    #expect(try verify(["--record", "missing"]).status == 1)
    let folder = try scratch.files(in: "snap")
    #expect(folder.keys.filter { $0.hasSuffix(".png") }.count == 12)

    let locked = try run(["goldens", "lock", "--snapshots", "snap", "--golden-store", nginx.url])
    #expect(locked.status == 0, "\(locked.stderr)")
    #expect(try scratch.files(in: "snap").keys.filter { $0.hasSuffix(".png") }.isEmpty)
    // Records on one line, without the font hashes the fingerprint holds.
    let records = try scratch.files(in: "snap").filter { $0.key.hasSuffix(".layout.json") }
    #expect(records.count == 12)
    for (name, bytes) in records {
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(!text.contains("sha256") && text.split(separator: "\n").count == 1, "\(name)")
    }
    let uploads = try nginx.requests()
    #expect(try verify(["--record", "never", "--golden-store", nginx.url]).status == 0)
    // A fresh clone with no store at all verifies a pass.
    #expect(try verify(["--record", "never"]).status == 0)
    #expect(try nginx.requests() == uploads)

    let check = try run(["goldens", "check", "--snapshots", "snap", "--golden-store", nginx.url])
    #expect(check.status == 0, "\(check.stderr)")
    let unlocked = try run([
      "goldens", "unlock", "--snapshots", "snap", "--golden-store", nginx.url,
    ])
    #expect(unlocked.status == 0, "\(unlocked.stderr)")
    #expect(try scratch.files(in: "snap") == folder)
  }

  @Test func checkNamesALockLineWhoseBlobIsGone() throws {
    guard let nginx = try Self.nginx() else { return }
    try record(into: nginx.url)
    let line = try #require(try lockText().split(separator: "\n").first { $0.hasPrefix("i07/") })
    try FileManager.default.removeItem(
      at: nginx.root.appendingPathComponent("cas/" + line.split(separator: " ")[1]))
    let check = try run(["goldens", "check", "--snapshots", "snap", "--golden-store", nginx.url])
    #expect(check.status == 1)
    #expect(check.stderr.contains("i07/collapsed@1x.png: the store has no blob"), "\(check.stderr)")
    // Unlocking cannot be done whole, so nothing is written and the lock stays.
    let unlock = try run(["goldens", "unlock", "--snapshots", "snap", "--golden-store", nginx.url])
    #expect(unlock.status == 2)
    #expect(unlock.stderr.contains("i07/collapsed@1x.png"), "\(unlock.stderr)")
    #expect(try scratch.files(in: "snap").keys.filter { $0.hasSuffix(".png") }.isEmpty)
    #expect(FileManager.default.fileExists(atPath: lockURL.path))
  }

  @Test func changedPassesLockedGoldensByTheirLinesWithoutRendering() throws {
    let store = scratch.url.appendingPathComponent("store").path
    try record(into: store)
    let unchanged = try verify(["--record", "never", "--changed", "--golden-store", store])
    #expect(unchanged.status == 0, "\(unchanged.stderr)")
    #expect(try summaries().values.allSatisfy { $0.hasSuffix("unchanged (key)") })
    // A line that names other bytes is checked again (and fails: the store has none).
    let text = try lockText()
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("i02/") })
    let other = line.replacingOccurrences(
      of: String(line.split(separator: " ")[1]), with: String(repeating: "0", count: 64))
    try text.replacingOccurrences(of: line, with: other).write(
      to: lockURL, atomically: true, encoding: .utf8)
    #expect(try verify(["--record", "never", "--changed", "--golden-store", store]).status == 1)
    let summaries = try summaries()
    #expect(summaries.filter { $0.value.hasSuffix("unchanged (key)") }.count == 11)
    #expect(summaries["i02/collapsed@1x.png"]?.contains("has no such blob") == true)
  }

  /// The accept line of a run given `--golden-store` names the store: without it the pasted
  /// command cannot record into the lock (seen failing: it left the flag out).
  @Test func theAcceptCommandNamesTheStoreAndRecordsIntoTheLock() throws {
    try record(into: "store")
    try scratch.write("m.json", Self.manifest(changing: [3]))
    let failing = try verify(["--record", "never", "--golden-store", "store"])
    #expect(failing.status == 1, "\(failing.stderr)")
    let prefix = "To accept every failing image: "
    let line = try #require(
      failing.stdout.split(separator: "\n").first { $0.contains(prefix) }, "\(failing.stdout)")
    let words = line.components(separatedBy: prefix)[1].split(separator: " ").map(String.init)
    #expect(words.contains("--golden-store") && words.contains("store"), "\(line)")
    let accepted = try run(Array(words.dropFirst()))
    #expect(accepted.status == 1, "\(accepted.stderr)")  // re-recorded, still reported failing
    #expect(try verify(["--record", "never", "--golden-store", "store"]).status == 0)
  }

  @Test func pruneRemovesOrphanLockLines() throws {
    let store = scratch.url.appendingPathComponent("store").path
    try record(into: store)
    let manifest = Self.manifest().replacingOccurrences(
      of:
        #", {"name": "i11", "text": "Item 11 has a text long enough to be cut at two lines at this width here."}"#,
      with: "")
    try scratch.write("m.json", manifest)
    let pruned = try verify(["--record", "missing", "--prune", "--golden-store", store])
    #expect(pruned.status == 0, "\(pruned.stderr)")
    #expect(try !lockText().contains("i11/"))
    #expect(try lockText().contains("i10/"))
    #expect(
      !FileManager.default.fileExists(
        atPath: scratch.url.appendingPathComponent("snap/i11/collapsed.layout.json").path))
  }

  /// Two branches re-record neighbouring goldens; Git merges the lock without a conflict.
  @Test func twoBranchesReRecordingDifferentGoldensMergeCleanly() throws {
    let store = scratch.url.appendingPathComponent("store").path
    try record(into: store)
    func git(_ arguments: String...) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments =
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"] + arguments
      process.currentDirectoryURL = scratch.url.appendingPathComponent("snap")
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    // The key record of --changed is a per-machine cache, ignored as the docs say.
    try scratch.write("snap/.gitignore", ".expandable-preview-golden-keys.json\n")
    #expect(try git("init", "-q", "-b", "main") == 0)
    #expect(try git("add", "-A") == 0)
    #expect(try git("commit", "-qm", "goldens") == 0)
    #expect(try git("checkout", "-qb", "other") == 0)
    try scratch.write("m.json", Self.manifest(changing: [4]))
    #expect(try verify(["--record", "failed", "--golden-store", store]).status == 1)
    #expect(try git("commit", "-qam", "i04") == 0)
    #expect(try git("checkout", "-q", "main") == 0)
    try scratch.write("m.json", Self.manifest(changing: [5]))
    #expect(try verify(["--record", "failed", "--golden-store", store]).status == 1)
    #expect(try git("commit", "-qam", "i05") == 0)
    #expect(try git("merge", "-q", "--no-edit", "other") == 0)
    try scratch.write("m.json", Self.manifest(changing: [4, 5]))
    let merged = try verify(["--record", "never", "--golden-store", store])
    #expect(merged.status == 0, "\(merged.stderr)")
  }
}

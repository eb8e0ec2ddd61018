import Foundation
import Testing

/// What `merge-reports` refuses: exit 2, a message naming the blob and what is wrong, and
/// nothing written.
@Suite struct MergeReportsRefusalTests {
  /// Render blobs of a two-item manifest in three shards (`r1` … `r3`, so shard 3 is empty)
  /// and shard 2 of two (`t2`), and one verify blob (`v`): made once, copied for each test.
  private static let made: Result<URL, any Error> = Result {
    // A folder of its own, not a Scratch: it serves every test, and goes when the process ends.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-blobs-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: MergeReportsRefusalTests.madeFolder) }
    try Data(manifest.utf8).write(to: folder.appendingPathComponent("m.json"))
    func run(_ arguments: [String]) throws {
      let result = try CLI.runInProcess(arguments + ["--quiet"], in: folder)
      guard result.status <= 1 else { throw CocoaError(.fileWriteUnknown) }
    }
    for k in 1...3 {
      try run(["render", "m.json", "--out", "o\(k)", "--shard", "\(k)/3", "--report-blob", "r\(k)"])
    }
    try run(["render", "m.json", "--out", "p2", "--shard", "2/2", "--report-blob", "t2"])
    try run(["verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--report-blob", "v"])
    return folder
  }

  private static let manifest = """
    {"defaults": {"width": 120, "scale": 1},
     "items": [{"name": "a", "text": "Alpha"}, {"name": "b", "text": "Beta beta"}]}
    """

  private static var madeFolder: URL {
    (try? made.get()) ?? URL(fileURLWithPath: "/nonexistent")
  }

  /// A fresh copy of the blobs, for a test to change.
  private static func blobs() throws -> Scratch {
    let source = try made.get()
    let scratch = try Scratch()
    for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
      try FileManager.default.copyItem(
        at: source.appendingPathComponent(name), to: scratch.url.appendingPathComponent(name))
    }
    return scratch
  }

  /// Runs the merge into `out` and checks the refusal: exit 2, every `words` in the message,
  /// and no output folder.
  private func expectRefusal(
    _ scratch: Scratch, _ blobs: [String], saying words: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try scratch.run(["merge-reports"] + blobs + ["--out", "out"])
    #expect(result.status == 2, "\(result.stderr)", sourceLocation: sourceLocation)
    for word in words {
      #expect(result.stderr.contains(word), "\(result.stderr)", sourceLocation: sourceLocation)
    }
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path),
      "nothing written", sourceLocation: sourceLocation)
  }

  @Test func theBlobsOfAllShardsMergeAndAnEmptyShardCounts() throws {
    let scratch = try Self.blobs()
    let result = try scratch.run(["merge-reports", "r1", "r2", "r3", "--out", "out", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Set(try scratch.files(in: "out").keys).isSuperset(of: ["index.html", "a/layout.json"]))
  }

  @Test func aMissingShardIsNamed() throws {
    let scratch = try Self.blobs()
    try expectRefusal(
      scratch, ["r1", "r3"], saying: ["shard 2 of 3 is missing", "shards 1, 3 of 3"])
    try expectRefusal(scratch, ["r2"], saying: ["shards 1, 3 of 3 are missing"])
  }

  @Test func aShardGivenTwiceIsRefused() throws {
    let scratch = try Self.blobs()
    try FileManager.default.copyItem(
      at: scratch.url.appendingPathComponent("r2"), to: scratch.url.appendingPathComponent("r2b"))
    try expectRefusal(
      scratch, ["r1", "r2", "r2b", "r3"],
      saying: ["r2b/report-blob.json: is shard 2 of 3, and so is r2/report-blob.json"])
  }

  @Test func blobsOfDifferentShardCountsAreRefused() throws {
    let scratch = try Self.blobs()
    try expectRefusal(
      scratch, ["r1", "t2"], saying: ["t2/report-blob.json: is shard 2 of 2", "shard 1 of 3"])
  }

  @Test func renderAndVerifyBlobsAreNotMixed() throws {
    let scratch = try Self.blobs()
    try expectRefusal(
      scratch, ["r1", "v"],
      saying: ["v/report-blob.json: is a verify blob, but r1/report-blob.json is a render blob"])
    // Each kind to its own folder option.
    try expectRefusal(scratch, ["v"], saying: ["is a verify blob", "--artifacts DIR"])
    let render = try scratch.run(["merge-reports", "r1", "r2", "r3", "--artifacts", "out"])
    #expect(render.status == 2 && render.stderr.contains("give --out DIR"), "\(render.stderr)")
  }

  @Test func blobsOfAnotherManifestAreRefused() throws {
    let scratch = try Self.blobs()
    try scratch.write(
      "m.json",
      """
      {"defaults": {"width": 120, "scale": 1},
       "items": [{"name": "a", "text": "Alpha, edited"}, {"name": "b", "text": "Beta beta"}]}
      """)
    _ = try scratch.run([
      "render", "m.json", "--out", "o2", "--shard", "2/3", "--report-blob", "r2", "--quiet",
    ])
    try expectRefusal(
      scratch, ["r1", "r2", "r3"],
      saying: ["r2/report-blob.json: comes from another manifest, selection or options"])
  }

  @Test func aFileThatIsNoBlobIsRefused() throws {
    let scratch = try Self.blobs()
    try expectRefusal(
      scratch, ["m.json"], saying: ["m.json: cannot read the report blob: it is not a report blob"])
    try scratch.write("noise.bin", "\u{1}\u{2}not json")
    try expectRefusal(
      scratch, ["noise.bin"], saying: ["noise.bin: cannot read the report blob: it is not JSON"])
    try expectRefusal(
      scratch, ["o1"], saying: ["o1/report-blob.json: cannot read the report blob: cannot open it"])
    try expectRefusal(
      scratch, ["nowhere"], saying: ["nowhere: cannot read the report blob: cannot open it"])
    // Bounded: a huge file is refused by its size, never read (sparse here, so it costs nothing).
    let huge = scratch.url.appendingPathComponent("huge.json")
    _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: 65 << 20)
    try handle.close()
    try expectRefusal(
      scratch, ["huge.json"],
      saying: ["huge.json: cannot read the report blob: it has more than 67108864 bytes"])
  }

  @Test func aBlobOfAnotherVersionIsRefused() throws {
    let scratch = try Self.blobs()
    try edit(scratch, "r1") { $0["version"] = 2 }
    try expectRefusal(
      scratch, ["r1", "r2", "r3"],
      saying: [
        "r1/report-blob.json: cannot read the report blob: it is version 2, written by a newer "
          + "expandable-preview (this one reads version 1)"
      ])
  }

  @Test func aDamagedBlobIsRefusedNamingWhatIsWrong() throws {
    let cases: [(String, (inout [String: Any]) -> Void, String)] = [
      ("a missing field", { $0["shard"] = nil }, "it lacks the key 'shard'"),
      ("a wrong type", { $0["identity"] = "x" }, "identity"),
      ("a shard out of range", { $0["shard"] = ["index": 4, "count": 3] }, "not K of N"),
      (
        "a path out of the folder",
        { blob in
          var files = blob["attachments"] as! [[String: Any]]
          files[0]["path"] = "../../escape.png"
          blob["attachments"] = files
        }, "'.' or '..' part"
      ),
      (
        "an unknown kind", { $0["kind"] = "bench" }, "kind"
      ),
    ]
    for (what, change, words) in cases {
      let scratch = try Self.blobs()
      try edit(scratch, "r1", change)
      try expectRefusal(scratch, ["r1", "r2", "r3"], saying: ["r1/report-blob.json: ", words])
      _ = what
    }
  }

  @Test func aBlobWhoseFilesAreMissingOrChangedIsRefused() throws {
    let scratch = try Self.blobs()
    let layout = scratch.url.appendingPathComponent("r1/files/a/layout.json")
    try Data("{}".utf8).write(to: layout)
    try expectRefusal(
      scratch, ["r1", "r2", "r3"],
      saying: ["r1/report-blob.json: files/a/layout.json has other bytes than the blob lists"])
    try FileManager.default.removeItem(at: layout)
    try expectRefusal(
      scratch, ["r1", "r2", "r3"], saying: ["r1/report-blob.json: files/a/layout.json: cannot open"]
    )
  }

  @Test func aReportBlobFolderOfOtherFilesIsRefusedBeforeRendering() throws {
    let scratch = try Self.blobs()
    try scratch.write("mine/notes.txt", "the user's")
    let result = try scratch.run([
      "render", "m.json", "--out", "fresh", "--report-blob", "mine", "--quiet",
    ])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("--report-blob mine: the folder is not empty"), "\(result.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("fresh/a").path))
    #expect(try scratch.files(in: "mine").keys.sorted() == ["notes.txt"])
  }

  @Test func aMergedGalleryGoesOnlyIntoANewOrEmptyFolder() throws {
    let scratch = try Self.blobs()
    try scratch.write("out/keep.txt", "the user's")
    let result = try scratch.run(["merge-reports", "r1", "r2", "r3", "--out", "out"])
    #expect(result.status == 2 && result.stderr.contains("--out out: the folder is not empty"))
    #expect(try scratch.files(in: "out").keys.sorted() == ["keep.txt"])
  }

  /// Rewrites a blob's JSON through `change`.
  private func edit(_ scratch: Scratch, _ blob: String, _ change: (inout [String: Any]) -> Void)
    throws
  {
    let file = scratch.url.appendingPathComponent(blob + "/report-blob.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    change(&json)
    try JSONSerialization.data(withJSONObject: json).write(to: file)
  }
}

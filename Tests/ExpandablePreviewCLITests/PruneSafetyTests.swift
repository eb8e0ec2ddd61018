import Foundation
import Testing

/// `verify --prune` deletes only what the tool wrote: only in a snapshots folder the tool
/// marked as its own, only file names its naming produces, nothing hidden, and no folder but an
/// emptied item folder.
@Suite struct PruneSafetyTests {
  @Test func aFolderTheToolDidNotMarkIsRefusedAndKeepsItsFiles() throws {
    let fixture = try VerifyFixture()
    // A folder of someone's PNGs: no fingerprint.json, no goldens.
    let png = Data(base64Encoded: Self.onePixelPNG)!
    for path in ["photos/cat.png", "photos/dog.png", "icon.png"] {
      try fixture.scratch.write("snap/" + path, "")
      try png.write(to: fixture.url("snap/" + path))
    }
    let result = try fixture.verify("--record", "missing", "--prune")
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("--prune refuses --snapshots snap"), "\(result.stderr)")
    #expect(result.stderr.contains("fingerprint.json"), "\(result.stderr)")
    #expect(
      Set(try fixture.goldenFiles().keys) == ["photos/cat.png", "photos/dog.png", "icon.png"])
    // A fingerprint.json that is not the tool's is no mark either.
    try fixture.scratch.write("snap/fingerprint.json", "{\"hello\": 1}")
    let fake = try fixture.verify("--record", "missing", "--prune")
    #expect(fake.status == 2, "\(fake.stderr)")
    #expect(fake.stderr.contains("cannot be read"), "\(fake.stderr)")
    #expect(fixture.exists("snap/photos/cat.png"))
  }

  @Test func theRootFolderIsRefused() throws {
    let fixture = try VerifyFixture()
    for root in ["/", "//", "/tmp/.."] {
      let result = try CLI.runInProcess(
        [
          "verify", "m.json", "--snapshots", root, "--artifacts", "art", "--record", "missing",
          "--prune",
        ], in: fixture.scratch.url)
      #expect(result.status == 2, "\(root): \(result.stderr)")
      #expect(result.stderr.contains("root folder"), "\(root): \(result.stderr)")
    }
  }

  @Test func aNewOrEmptyFolderMayBePrunedAndIsRecorded() throws {
    let fixture = try VerifyFixture()
    let result = try fixture.verify("--record", "missing", "--prune")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      Set(try fixture.goldenFiles().keys)
        == Set(VerifyFixture.goldens + VerifyFixture.records + ["fingerprint.json"]))
  }

  /// The files of the report that `--prune` deleted though the tool never wrote them.
  static let foreign = [
    ".git/objects/blob.png", ".github/social-preview.png", ".hidden.png", "Logo.PNG",
    "a/COLLAPSED@2X.PNG", "a/collapsed@2x.png.orig.png", "a/.collapsed@2x.png",
    "b/collapsed@1x.PNG", "b/notes.png", "b/collapsed-sepia@1x.png", "b/collapsed@0x.png",
    "b/collapsed@01x.png", "b/collapsed-w375-dark@1x.png", "deep/er/collapsed@1x.png",
    "Collapsed@1x.png", ".hidden-item/collapsed@1x.png",
    // Layout records are the tool's only beside a name of its own.
    "b/notes.layout.json", "deep/er/collapsed@1x.layout.json",
    ".hidden-item/collapsed@1x.layout.json",
  ]

  @Test func onlyNamesTheToolWritesArePrunedAndOnlyItemFoldersRemoved() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    let png = try Data(contentsOf: fixture.url("snap/a/collapsed@1x.png"))
    for path in Self.foreign {
      try FileManager.default.createDirectory(
        at: fixture.url("snap/" + path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try png.write(to: fixture.url("snap/" + path))
    }
    // Stale goldens of the tool's own naming: an item gone, and a state gone.
    let stale = [
      "gone/collapsed@1x.png", "gone/expanded-dark-xLarge-w327.5@3x.png", "a/expanded@1x.png",
      // A stale golden's record goes with it.
      "gone/collapsed@1x.layout.json",
    ]
    for path in stale {
      try FileManager.default.createDirectory(
        at: fixture.url("snap/" + path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try png.write(to: fixture.url("snap/" + path))
    }
    let result = try fixture.verify("--record", "missing", "--prune")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("3 orphan golden(s)"), "\(result.stdout)")
    let left = Set(try fixture.goldenFiles().keys)
    #expect(
      left
        == Set(VerifyFixture.goldens + VerifyFixture.records + ["fingerprint.json"] + Self.foreign))
    #expect(!fixture.exists("snap/gone"), "the emptied item folder is removed")
    for hidden in [".git/objects", ".github", ".hidden-item", "deep/er"] {
      #expect(fixture.exists("snap/" + hidden), "\(hidden)")
    }
    // An emptied folder that is no item folder stays: deep/er held the tool's name, not its path.
    try FileManager.default.removeItem(at: fixture.url("snap/deep/er/collapsed@1x.png"))
    _ = try fixture.verify("--record", "missing", "--prune")
    #expect(fixture.exists("snap/deep/er"))
  }

  static let onePixelPNG =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
}

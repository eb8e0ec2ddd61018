import Foundation
import Testing

/// The manifest's `fonts`: only those fonts render, in `render` and in `verify`.
@Suite struct ManifestFontsTests {
  static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

  @Test func pinnedFontsAreTheOnlyOnesUsed() throws {
    try #require(
      FileManager.default.fileExists(atPath: Self.serif), "Scripts/setup.sh installs DejaVu")
    let fixture = try VerifyFixture()
    try FileManager.default.createDirectory(
      at: fixture.url("fonts"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: Self.serif), to: fixture.url("fonts/DejaVuSerif.ttf"))
    try fixture.scratch.write("fonts/readme.txt", "not a font; skipped in a folder")

    // Unpinned: the body style is a sans serif from the system.
    try fixture.writeManifest()
    let system = try fixture.scratch.run("render", "m.json", "--out", "system", "--quiet")
    #expect(system.status == 0, "\(system.stderr)")

    try fixture.writeManifest(top: #""fonts": ["fonts"], "#)
    let pinned = try fixture.scratch.run("render", "m.json", "--out", "pinned", "--quiet")
    #expect(pinned.status == 0, "\(pinned.stderr)")
    let systemFiles = try fixture.scratch.files(in: "system")
    let pinnedFiles = try fixture.scratch.files(in: "pinned")
    #expect(
      pinnedFiles["a/collapsed@1x.png"] != systemFiles["a/collapsed@1x.png"],
      "with only DejaVu Serif, the text is drawn in it")

    // verify records with the same fonts: the goldens are render's bytes, and the fingerprint
    // names the one pinned file.
    try fixture.record()
    for path in VerifyFixture.goldens {
      #expect(try fixture.goldenFiles()[path] == pinnedFiles[path], "\(path)")
    }
    let fingerprint = try fixture.scratch.json("snap/fingerprint.json")
    let fonts = try #require(fingerprint["fonts"] as? [[String: String]])
    #expect(fonts.map { $0["file"] } == ["DejaVuSerif.ttf"])
    #expect(fonts.first?["name"] == "DejaVu Serif")
    #expect(try fixture.verify("--record", "never").status == 0)
  }

  @Test func aMissingOrUnreadableFontIsAnInputErrorNamingFileAndKey() throws {
    let fixture = try VerifyFixture()
    try fixture.writeManifest(top: #""fonts": ["fonts/Nope.ttf"], "#)
    for command in [
      ["verify", "m.json", "--snapshots", "snap"], ["render", "m.json", "--out", "o"],
    ] {
      let result = try CLI.run(command, in: fixture.scratch.url)
      #expect(result.status == 2, "\(command)")
      #expect(result.stderr.contains("m.json:1:"), "\(result.stderr)")
      #expect(result.stderr.contains("key 'fonts': 'fonts/Nope.ttf' does not exist"))
      #expect(!fixture.exists("snap") && !fixture.exists("o"))
    }

    try fixture.scratch.write("fonts/fake.ttf", "not a font")
    try fixture.writeManifest(top: #""fonts": "fonts/fake.ttf", "#)
    let unreadable = try fixture.verify()
    #expect(unreadable.status == 2)
    #expect(unreadable.stderr.contains("m.json: key 'fonts':"))
    #expect(unreadable.stderr.contains("cannot read"))
    #expect(unreadable.stderr.contains("fake.ttf"))

    try fixture.writeManifest(top: #""fonts": [], "#)
    let empty = try fixture.verify()
    #expect(empty.status == 2)
    #expect(empty.stderr.contains("key 'fonts': give at least one font file or folder"))
  }
}

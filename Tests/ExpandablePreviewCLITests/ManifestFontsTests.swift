import Foundation
import Testing

/// The manifest's `fonts`: files added to the pinned set, in `render` and in `verify`; goldens
/// remember them, and a file that goes missing or changes is `fonts-differ`, named.
@Suite struct ManifestFontsTests {
  static let narrow = "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf"
  static let narrowBold = "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf"
  static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

  @Test func manifestFontsJoinThePinnedSetAndGoldensRememberThem() throws {
    try #require(
      FileManager.default.fileExists(atPath: Self.narrow), "Scripts/setup.sh installs it")
    let fixture = try VerifyFixture()
    try FileManager.default.createDirectory(
      at: fixture.url("fonts"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: Self.narrow), to: fixture.url("fonts/Brand-Regular.ttf"))
    try fixture.scratch.write("fonts/readme.txt", "not a font; skipped in a folder")
    let font = #""font": "Liberation Sans Narrow 13", "#

    // Without the file, the family is outside the set: a warning, and Inter draws.
    try fixture.scratch.write(
      "m.json",
      """
      {"defaults": {\(font)"width": 160, "scale": 1, "lineLimit": 2, "states": "collapsed"},
       "items": [{"name": "a", "text": "Alpha beta gamma delta epsilon zeta eta"}]}
      """)
    let standard = try fixture.scratch.run("render", "m.json", "--out", "standard", "--quiet")
    #expect(standard.status == 0, "\(standard.stderr)")
    #expect(
      standard.stderr.contains("'Liberation Sans Narrow' is not available; Pango draws 'Inter'"))

    try fixture.scratch.write(
      "m.json",
      """
      {"fonts": ["fonts"],
       "defaults": {\(font)"width": 160, "scale": 1, "lineLimit": 2, "states": "collapsed"},
       "items": [{"name": "a", "text": "Alpha beta gamma delta epsilon zeta eta"}]}
      """)
    let added = try fixture.scratch.run("render", "m.json", "--out", "added", "--quiet")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(!added.stderr.contains("not available"))
    let standardFiles = try fixture.scratch.files(in: "standard")
    let addedFiles = try fixture.scratch.files(in: "added")
    #expect(addedFiles["a/collapsed@1x.png"] != standardFiles["a/collapsed@1x.png"])

    // verify records with the same fonts; the fingerprint names the file for the golden.
    let recorded = try fixture.verify("--record", "missing")
    #expect(recorded.status == 1)
    #expect(try fixture.goldenFiles()["a/collapsed@1x.png"] == addedFiles["a/collapsed@1x.png"])
    let fingerprint = try fixture.scratch.json("snap/fingerprint.json")
    let fonts = try #require(fingerprint["fonts"] as? [[String: String]])
    #expect(fonts.map { $0["file"] } == ["Brand-Regular.ttf"])
    #expect(fonts.first?["package"] == nil, "a user's file has no Debian package")
    let goldens = try #require(fingerprint["goldens"] as? [String: [String]])
    #expect(goldens == ["a/collapsed@1x.png": ["Brand-Regular.ttf"]])
    #expect(try fixture.verify("--record", "never").status == 0)

    // Another file under the same name: the golden's fonts differ, and the report says which.
    // From here on each run is a process of its own: a process keeps the configuration it
    // built for a set of added fonts for its life, so it would not see the files change.
    try FileManager.default.removeItem(at: fixture.url("fonts/Brand-Regular.ttf"))
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: Self.narrowBold), to: fixture.url("fonts/Brand-Regular.ttf"))
    let changed = try fixture.verifyExecutable("--record", "never")
    #expect(changed.status == 1)
    #expect(
      changed.stderr.contains(
        "fonts-differ: a/collapsed@1x.png: the fonts differ from the golden's: "
          + "Brand-Regular.ttf (Liberation Sans Narrow) differs: sha256 "),
      "\(changed.stderr)")
    #expect(try fixture.statuses()["a/collapsed@1x.png"] == "fonts-differ")
    // The console's counts say it too (they used to leave fonts-differ out).
    #expect(changed.stdout.contains("0 missing, 1 fonts differ, 0 error"), "\(changed.stdout)")

    // The file gone (the folder keeps another font): missing on this machine.
    try FileManager.default.removeItem(at: fixture.url("fonts/Brand-Regular.ttf"))
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: Self.serif), to: fixture.url("fonts/Other.ttf"))
    let missing = try fixture.verifyExecutable("--record", "never")
    #expect(missing.status == 1)
    #expect(
      missing.stderr.contains(
        "Brand-Regular.ttf (Liberation Sans Narrow) is missing on this machine"),
      "\(missing.stderr)")
    let image = try #require(try fixture.reportImages()["a/collapsed@1x.png"])
    #expect(image["status"] as? String == "fonts-differ")
    let junit = try String(contentsOf: fixture.url("art/junit.xml"), encoding: .utf8)
    #expect(junit.contains("is missing on this machine"))
    let html = try String(contentsOf: fixture.url("art/report.html"), encoding: .utf8)
    #expect(
      html.contains(
        "<li>Brand-Regular.ttf (Liberation Sans Narrow) is missing on this machine</li>"))
  }

  @Test func systemFontsAreAnOptInThatSaysItDependsOnTheMachine() throws {
    let fixture = try VerifyFixture()
    try fixture.writeManifest(top: #""fonts": "system", "#)
    let system = try fixture.scratch.run("render", "m.json", "--out", "o", "--quiet")
    #expect(system.status == 0, "\(system.stderr)")
    let layout = try fixture.scratch.json("o/a/layout.json")
    #expect(layout["fonts"] as? String == "system")
    #expect(layout["machineDependent"] as? Bool == true)
    let gallery = try String(contentsOf: fixture.url("o/index.html"), encoding: .utf8)
    #expect(gallery.contains("Rendered with this machine's fonts"))

    try fixture.writeManifest()
    let pinned = try fixture.scratch.run("render", "m.json", "--out", "p", "--quiet")
    #expect(try fixture.scratch.json("p/a/layout.json")["machineDependent"] as? Bool == false)
    #expect(pinned.status == 0)
    let gallery2 = try String(contentsOf: fixture.url("p/index.html"), encoding: .utf8)
    #expect(!gallery2.contains("Rendered with this machine's fonts"))
    let flag = try fixture.scratch.run(
      "render", "m.json", "--out", "f", "--quiet", "--system-fonts")
    #expect(flag.status == 0)
    #expect(try fixture.scratch.json("f/a/layout.json")["fonts"] as? String == "system")
  }

  @Test func aMissingOrUnreadableFontIsAnInputErrorNamingFileAndKey() throws {
    let fixture = try VerifyFixture()
    try fixture.writeManifest(top: #""fonts": ["fonts/Nope.ttf"], "#)
    for command in [
      ["verify", "m.json", "--snapshots", "snap"], ["render", "m.json", "--out", "o"],
    ] {
      let result = try CLI.runInProcess(command, in: fixture.scratch.url)
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

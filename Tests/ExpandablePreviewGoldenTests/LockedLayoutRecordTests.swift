import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// Layout records beside a lock leave out the font hashes the folder's fingerprint holds
/// (issue 46: Git-tracked bytes per golden), and still explain a changed font file.
@Suite struct LockedLayoutRecordTests {
  let renderer = try! Renderer()

  func snapshot(_ text: String) throws -> RenderedSnapshot {
    var component = ExpandableText(text: text)
    component.lineLimit = 2
    return RenderedSnapshot(
      try renderer.render(component, options: RenderOptions(width: 200)), by: renderer)
  }

  func check(_ text: String, in folder: URL, _ mode: RecordMode, locked: Bool) throws
    -> GoldenCheckOutcome
  {
    let snapshots = folder.appendingPathComponent("snap")
    let store =
      locked
      ? GoldenStore(
        directory: snapshots, recordMode: mode,
        lockingIn: FolderBlobStore(folder: folder.appendingPathComponent("store")))
      : GoldenStore(directory: snapshots, recordMode: mode)
    return try GoldenCheck(store: store, artifacts: nil)
      .checkSettlingFingerprint(try snapshot(text), at: "a.png")
  }

  func record(in folder: URL) throws -> String {
    try String(
      contentsOf: folder.appendingPathComponent("snap/a.layout.json"), encoding: .utf8)
  }

  static let text = "A text long enough to wrap at this width and be cut after two lines."

  @Test func aLockedRecordNamesItsFontsWithoutTheFingerprintsHashes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try check(Self.text, in: folder, .missing, locked: true).verdict == .recorded(.new))
    let locked = try record(in: folder)
    #expect(!locked.contains("sha256"), "\(locked)")
    #expect(locked.contains(#""fonts":[{"file":"#), "\(locked)")
    #expect(!locked.contains("\n  "))
    let fingerprint = try #require(try Fingerprint.read(in: folder.appendingPathComponent("snap")))
    let parsed = try LayoutRecord(jsonData: Data(locked.utf8))
    for font in parsed.fonts {
      #expect(font.sha256 == nil)
      #expect(fingerprint.font(named: font.file)?.sha256.count == 64)
    }
    // A folder of images keeps every hash in its records.
    let images = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: images) }
    _ = try check(Self.text, in: images, .missing, locked: false)
    #expect(try record(in: images).contains("\"sha256\" : "))
  }

  @Test func aFontFileOtherThanTheFingerprintsIsNamedAsChanged() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try check(Self.text, in: folder, .missing, locked: true)
    // The goldens were drawn with other bytes of the same font file: the fingerprint says so.
    let snapshots = folder.appendingPathComponent("snap")
    var fingerprint = try #require(try Fingerprint.read(in: snapshots))
    let used = try LayoutRecord(jsonData: Data(try record(in: folder).utf8)).fonts.map(\.file)
    let file = try #require(used.first)
    let edited = fingerprint.fonts.map { font in
      font.file == file
        ? Fingerprint.FontFile(
          name: font.name, file: font.file, sha256: String(repeating: "0", count: 64),
          package: font.package) : font
    }
    fingerprint = Fingerprint(
      libraries: fingerprint.libraries, fonts: edited, goldens: fingerprint.goldens)
    try fingerprint.write(in: snapshots)

    let outcome = try check("Changed. " + Self.text, in: folder, .never, locked: true)
    #expect(outcome.passed == false)
    let changes = outcome.verdict.explanation.layout?.changes ?? []
    #expect(changes.contains(.fonts(removed: [], added: [], changed: [file])), "\(changes)")
  }

  @Test func aHashNoFingerprintNamesIsUnknownNotAChange() {
    let facts = LayoutRecord.Facts?.none
    let hashless = LayoutRecord(
      still: facts, fonts: [.init(file: "A.ttf", sha256: nil)], libraries: .current)
    let hashed = LayoutRecord(
      still: facts, fonts: [.init(file: "A.ttf", sha256: String(repeating: "1", count: 64))],
      libraries: .current)
    #expect(hashless.changes(to: hashed).isEmpty)
    #expect(hashless.fillingFontHashes(from: nil) == hashless)
    let other = LayoutRecord(
      still: facts, fonts: [.init(file: "B.ttf", sha256: nil)], libraries: .current)
    #expect(
      hashless.changes(to: other) == [.fonts(removed: ["A.ttf"], added: ["B.ttf"], changed: [])])
  }

  @Test func movingAnOldRecordIntoALockAndBackLeavesOutItsHashesAndGivesItsBytesBack() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let snapshots = folder.appendingPathComponent("snap")
    try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
    let known = String(repeating: "a", count: 64)
    let other = String(repeating: "b", count: 64)
    // A version 1 record (no schemaVersion), as the example goldens keep: one font the
    // fingerprint names with the same hash, one with another.
    let record = """
      {
        "fonts" : [
          {
            "file" : "A.otf",
            "sha256" : "\(known)"
          },
          {
            "file" : "B.otf",
            "sha256" : "\(other)"
          }
        ],
        "libraries" : {
          "cairo" : "1.16.0",
          "fontconfig" : "2.14.1",
          "freetype" : "2.12.1",
          "harfbuzz" : "6.0.0",
          "pango" : "1.50.12"
        },
        "still" : {
          "visibleText" : "{\\"file\\":\\"A.otf\\",\\"sha256\\":\\"\(known)\\"}"
        }
      }

      """
    try Data(record.utf8).write(to: snapshots.appendingPathComponent("a.layout.json"))
    try TestImages.filled(4, 3).pngData().write(to: snapshots.appendingPathComponent("a.png"))
    try Fingerprint(
      libraries: .current,
      fonts: [
        .init(name: "A", file: "A.otf", sha256: known),
        .init(name: "B", file: "B.otf", sha256: String(repeating: "c", count: 64)),
      ]
    ).write(in: snapshots)
    let blobs = FolderBlobStore(folder: folder.appendingPathComponent("store"))

    try GoldenLockMigration.lock(snapshots, into: blobs)
    let locked = try String(
      contentsOf: snapshots.appendingPathComponent("a.layout.json"), encoding: .utf8)
    #expect(locked.hasPrefix(#"{"fonts":[{"file":"A.otf"},{"file":"B.otf","sha256":"\#(other)"}]"#))
    // A text that only looks like a font entry is a string's content: kept.
    #expect(locked.contains(known))
    try GoldenLockMigration.unlock(snapshots, from: blobs)
    #expect(
      try String(contentsOf: snapshots.appendingPathComponent("a.layout.json"), encoding: .utf8)
        == record)
  }
}

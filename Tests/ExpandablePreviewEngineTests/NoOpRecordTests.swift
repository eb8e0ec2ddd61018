import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The no-op record: its line form reads back, refuses what it must in the record scheme's
/// words, and stops matching when any input or output changes.
@Suite struct NoOpRecordTests {
  /// A folder of its own, removed by the caller.
  static func folder() throws -> (URL, FolderHandle) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-no-op-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return (url, try FolderHandle(path: url.path))
  }

  static func stamp(_ path: String) -> FileStamp? {
    var status = stat()
    return stat(path, &status) == 0 ? FileStamp(status) : nil
  }

  static let sample = NoOpRecord(
    digest: String(repeating: "ab", count: 32), items: 2, files: 4, gallery: true,
    galleryInputs: String(repeating: "cd", count: 32),
    removed: ["gone/collapsed@2x.png", "with space/expanded@2x.png"],
    inputs: [
      "/fonts/a font.ttf": FileStamp(device: 1, inode: 2, size: 3, modified: -4, changed: 5),
      "/fonts/absent.ttf": FileStamp?.none,
    ],
    outputs: [
      "i0/collapsed@2x.png": FileStamp(device: 6, inode: 7, size: 8, modified: 9, changed: 10),
      "index.html": FileStamp(device: 11, inode: 12, size: 13, modified: 14, changed: 15),
    ])

  @Test func aWrittenRecordReadsBackEqual() throws {
    let (url, folder) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    try #require(try Self.sample.write(in: folder) != nil)
    guard case .record(let read, _) = NoOpRecord.read(in: folder) else {
      Issue.record("the record written was not read back")
      return
    }
    #expect(read == Self.sample)
  }

  /// The record as written, changed by `edit`, then read: the reason it is refused.
  func refusal(_ edit: (inout Data) -> Void) throws -> RecordError? {
    let (url, folder) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    var data = RecordLines.encode(try #require(Self.sample.lines), as: NoOpRecord.kind)
    edit(&data)
    try data.write(to: url.appendingPathComponent(NoOpRecord.fileName))
    guard case .refused(let error, _) = NoOpRecord.read(in: folder) else { return nil }
    return error
  }

  @Test func aTruncatedRecordIsRefusedAsCutShort() throws {
    let error = try #require(try refusal { $0 = $0.prefix($0.count / 2) })
    #expect(error.isThisKind)
    #expect(
      error.description.hasSuffix(
        "\(NoOpRecord.fileName): cannot read the no-op record: it is cut short (it does not "
          + "end with its checksum line)"), "\(error)")
  }

  @Test func aNewerVersionIsRefusedWithTheVersionWords() throws {
    let error = try #require(
      try refusal { data in
        let text = String(decoding: data, as: UTF8.self)
        data = Data(
          text.replacingOccurrences(
            of: "expandable-preview no-op record 2\n", with: "expandable-preview no-op record 3\n"
          ).utf8)
      })
    #expect(error.problem == .newerVersion(3))
    #expect(error.message.contains("it is version 3, written by a newer expandable-preview"))
  }

  /// Version 1 kept no digest of the gallery's inputs: refused as older (and replaced by the
  /// run, which goes the full way once).
  @Test func anOlderVersionIsRefusedWithTheVersionWords() throws {
    let error = try #require(
      try refusal { data in
        let text = String(decoding: data, as: UTF8.self)
        data = Data(
          text.replacingOccurrences(
            of: "expandable-preview no-op record 2\n", with: "expandable-preview no-op record 1\n"
          ).utf8)
      })
    #expect(error.problem == .olderVersion(1))
    #expect(error.isThisKind)
  }

  /// The gallery's inputs are read back from their line, and a record without one has none.
  @Test func theGalleryInputsLineIsOptional() throws {
    var record = Self.sample
    record.galleryInputs = nil
    let lines = try #require(record.lines)
    #expect(!lines.contains { $0.hasPrefix("gallery-inputs ") })
    let read = NoOpRecord(lines: lines.map { ArraySlice(Array($0.utf8)) })
    #expect(read == record)
    let withInputs = try #require(Self.sample.lines)
    #expect(withInputs.contains("gallery-inputs " + String(repeating: "cd", count: 32)))
  }

  @Test func anEditedRecordIsRefusedByItsChecksum() throws {
    let error = try #require(
      try refusal { data in
        let text = String(decoding: data, as: UTF8.self)
        data = Data(text.replacingOccurrences(of: "summary 2 4 1", with: "summary 2 4 0").utf8)
      })
    #expect(
      error.message
        == "cannot read the no-op record: its checksum does not match its lines (it was edited "
        + "or damaged)")
  }

  @Test func anotherFileIsAnotherKind() throws {
    let error = try #require(try refusal { $0 = Data("my notes\n".utf8) })
    #expect(!error.isThisKind)
    #expect(error.message.contains("it is not a no-op record"))
  }

  /// A record whose lines pass the checksum but are not of this version's form (written by
  /// hand with a fresh checksum) is damaged, not read as another record.
  @Test func aLineOfAnotherFormIsDamaged() throws {
    let (url, folder) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    try RecordLines.write(
      ["digest x", "summary 1 2 1", "output 1 2 three 4 5 a.png"], as: NoOpRecord.kind,
      in: folder)
    guard case .refused(let error, _) = NoOpRecord.read(in: folder) else {
      Issue.record("a malformed line was read")
      return
    }
    #expect(error.problem == .damaged("a line is not of the form this version writes"))
  }

  /// Each input and output in turn: the record is current until one changes.
  @Test func everyInputAndOutputInvalidatesIt() throws {
    let (url, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    let font = url.appendingPathComponent("font.ttf")
    let absent = url.appendingPathComponent("absent.ttf")
    let fontFolder = url.appendingPathComponent("fonts", isDirectory: true)
    try FileManager.default.createDirectory(at: fontFolder, withIntermediateDirectories: true)
    try Data("font".utf8).write(to: font)
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent("out/i0", isDirectory: true),
      withIntermediateDirectories: true)
    let output = try FolderHandle(path: url.appendingPathComponent("out").path)
    let png = try output.subfolder("i0").write(Data("png".utf8), to: "collapsed@2x.png")
    func record() -> NoOpRecord {
      NoOpRecord(
        digest: "d", items: 1, files: 1, gallery: false,
        inputs: [
          font.path: Self.stamp(font.path), absent.path: FileStamp?.none,
          fontFolder.path: Self.stamp(fontFolder.path),
        ],
        outputs: ["i0/collapsed@2x.png": png])
    }
    /// Whether `record` is current, asked both ways: decoded, and checked line by line as
    /// a run with nothing to do checks it.
    func isCurrent(_ record: NoOpRecord, _ digest: String) throws -> Bool {
      let data = RecordLines.encode(try #require(record.lines), as: NoOpRecord.kind)
      guard case .success(let lines) = RecordLines.decode(data, as: NoOpRecord.kind, naming: "r")
      else { throw CancellationError() }
      let decoded = record.isCurrent(digest: digest, in: output)
      let summary = NoOpRecord.currentSummary(lines: lines, digest: digest, in: output)
      #expect(decoded == (summary != nil))
      #expect(summary.map { [$0.items, $0.files] } ?? [1, 1] == [1, 1])
      return decoded
    }
    #expect(try isCurrent(record(), "d"))
    #expect(try !isCurrent(record(), "e"), "another digest")

    var before = record()
    try Data("font, changed".utf8).write(to: font)
    #expect(try !isCurrent(before, "d"), "a font file changed")

    before = record()
    try Data("new".utf8).write(to: fontFolder.appendingPathComponent("new.ttf"))
    #expect(try !isCurrent(before, "d"), "a file added to a font folder")

    before = record()
    try Data("now here".utf8).write(to: absent)
    #expect(try !isCurrent(before, "d"), "an absent standard font appeared")
    try FileManager.default.removeItem(at: absent)

    before = record()
    let pngPath = url.appendingPathComponent("out/i0/collapsed@2x.png")
    try Data("PNG".utf8).write(to: pngPath)
    #expect(try !isCurrent(before, "d"), "an output edited")
    try FileManager.default.removeItem(at: pngPath)
    #expect(try !isCurrent(before, "d"), "an output deleted")
    let elsewhere = url.appendingPathComponent("elsewhere.png")
    try Data("PNG".utf8).write(to: elsewhere)
    try FileManager.default.createSymbolicLink(at: pngPath, withDestinationURL: elsewhere)
    var linked = before
    linked.outputs["i0/collapsed@2x.png"] = Self.stamp(elsewhere.path)
    #expect(
      try !isCurrent(linked, "d"), "an output replaced by a link to its twin")
  }

  /// The digest covers the manifest's every byte, each option and the renderer's identity.
  @Test func theDigestCoversManifestOptionsAndIdentity() {
    let manifest = Array(#"{"items": [{"name": "a", "text": "x"}]}"#.utf8)
    let base = NoOpRecord.digest(manifest: manifest, options: ["prune=false"], identity: "r1")
    var edited = manifest
    edited[edited.count - 5] = UInt8(ascii: "y")
    #expect(NoOpRecord.digest(manifest: edited, options: ["prune=false"], identity: "r1") != base)
    #expect(NoOpRecord.digest(manifest: manifest, options: ["prune=true"], identity: "r1") != base)
    #expect(NoOpRecord.digest(manifest: manifest, options: ["prune=false"], identity: "r2") != base)
    #expect(
      NoOpRecord.digest(manifest: manifest, options: ["prune=false", ""], identity: "r1") != base)
    #expect(NoOpRecord.digest(manifest: manifest, options: ["prune=false"], identity: "r1") == base)
  }

  /// An input changed within the settling time of the run's start is not trusted by stamp:
  /// no record is written; one settled is.
  @Test func aRecordIsWrittenOnlyOverSettledInputs() throws {
    let (url, folder) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: url) }
    let manifest = url.appendingPathComponent("m.json")
    try Data("{}".utf8).write(to: manifest)
    let run = NoOpShortcut.Run(
      items: 1, files: 1, gallery: false, removed: [],
      inputs: [manifest.path: Self.stamp(manifest.path)], outputs: [:])
    let now = FileStamp.currentNanoseconds()
    let fresh = NoOpShortcut(
      manifestPath: manifest.path, outputFolder: url, options: [], now: now)
    #expect(!fresh.record(run))
    #expect(folder.stamp(ofFile: NoOpRecord.fileName) == nil)
    let later = NoOpShortcut(
      manifestPath: manifest.path, outputFolder: url, options: [],
      now: now + 3 * FileStamp.settlingNanoseconds)
    #expect(later.record(run))
    #expect(
      NoOpShortcut(manifestPath: manifest.path, outputFolder: url, options: []).current != nil)
    #expect(
      NoOpShortcut(manifestPath: manifest.path, outputFolder: url, options: ["strict=true"])
        .current == nil, "another option")
    // The run that did not match removed it: only a run that writes one leaves one.
    #expect(folder.stamp(ofFile: NoOpRecord.fileName) == nil)
    #expect(later.record(run))
    #expect(
      NoOpShortcut(
        manifestPath: manifest.path, outputFolder: url, options: [], identity: "another renderer"
      ).current == nil, "another renderer")
  }
}

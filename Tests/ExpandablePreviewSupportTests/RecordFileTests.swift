import ExpandablePreviewSupport
import Foundation
import Testing

/// The record scheme's decisions that the sidecar tests do not reach: an older version, another
/// kind of file, a marked record cut short, a required version missing.
@Suite struct RecordFileTests {
  struct Note: Codable, Equatable {
    var format = "test note"
    var version = 3
    var text: String
  }

  static let kind = RecordKind(
    fileName: "note.json", title: "note", mark: ("format", "test note"), currentVersion: 3,
    oldestReadable: 2, maxBytes: 1 << 10, layout: .compact)

  /// The words `json` in a fresh folder is refused with; nil when it is read.
  func refusal(_ json: String) throws -> String? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(Self.kind.fileName)
    try Data(json.utf8).write(to: file)
    switch RecordFile.read(Note.self, as: Self.kind, at: file.path, naming: "n.json") {
    case .absent: return "absent"
    case .record: return nil
    case .refused(let error, _): return error.description
    }
  }

  @Test func readableVersionsAreReadAndOthersRefusedInWords() throws {
    #expect(try refusal(#"{"format": "test note", "version": 2, "text": "t"}"#) == nil)
    #expect(
      try refusal(#"{"format": "test note", "version": 1, "text": "t"}"#)
        == "n.json: cannot read the note: it is version 1, which this expandable-preview no "
        + "longer reads (it reads version 3): write it again with this expandable-preview")
    #expect(
      try refusal(#"{"format": "test note", "text": "t"}"#)
        == "n.json: cannot read the note: it lacks the key 'version'")
  }

  @Test func anotherKindIsNamedAsSuchAndACutRecordAsDamaged() throws {
    #expect(
      try refusal(#"{"format": "other", "version": 3}"#)
        == "n.json: cannot read the note: it is not a note: its \"format\" is \"other\", not "
        + "\"test note\"")
    #expect(try refusal("[1, 2]") == "n.json: cannot read the note: it is not a note")
    #expect(try refusal("\u{1}x") == "n.json: cannot read the note: it is not JSON, so not a note")
    #expect(
      try refusal(#"{"format": "test note", "vers"#)
        == "n.json: cannot read the note: it is not valid JSON")
    #expect(
      try refusal(#"{"format": "test note", "version": 3}"#)
        == "n.json: cannot read the note: it lacks the key 'text'")
  }

  @Test func aWrittenRecordReadsBackWithItsLayout() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-record-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let note = Note(text: "a/b")
    try RecordFile.write(note, as: Self.kind, inFolderAt: folder)
    let file = folder.appendingPathComponent(Self.kind.fileName)
    #expect(
      String(decoding: try Data(contentsOf: file), as: UTF8.self)
        == #"{"format":"test note","text":"a/b","version":3}"#)
    guard case .record(let read, _) = RecordFile.read(Note.self, as: Self.kind, at: file.path)
    else {
      Issue.record("the written record was not read")
      return
    }
    #expect(read == note)
  }
}

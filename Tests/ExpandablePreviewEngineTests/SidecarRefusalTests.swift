import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// Every sidecar file a user keeps or hands over is refused in the one wording of the record
/// scheme, naming the file: "PATH: cannot read the TITLE: REASON", whatever is wrong with it.
@Suite struct SidecarRefusalTests {
  /// One sidecar: its file name, what messages call it, its most bytes, a valid file's bytes,
  /// and its reader (the thrown error's words, or nil when it read the file).
  struct Sidecar: Sendable, CustomTestStringConvertible {
    var fileName: String
    var title: String
    var maxBytes: Int
    var valid: @Sendable () throws -> Data
    var newer: String
    var read: @Sendable (URL) -> String?
    var testDescription: String { fileName }
  }

  static let sidecars: [Sidecar] = [
    Sidecar(
      fileName: "fingerprint.json", title: "fingerprint", maxBytes: 64 << 20,
      valid: { try Fingerprint(libraries: .current, fonts: []).jsonData() },
      newer: #"{"version": 2, "libraries": {}, "fonts": [], "renamed": true}"#,
      read: { folder in words { _ = try Fingerprint.read(in: folder) } }),
    Sidecar(
      fileName: "review-rejections.json", title: "review rejections", maxBytes: 16 << 20,
      valid: {
        try StableJSON.data(ReviewRejections([.init(path: "a/b.png", note: "n", summary: "s")]))
      },
      newer: #"{"version": 2, "rejected": []}"#,
      read: { folder in words { _ = try ReviewRejections.read(in: folder) } }),
    Sidecar(
      fileName: "report-blob.json", title: "report blob", maxBytes: 64 << 20,
      // A blob's leading keys, as its stable JSON orders them (a truncated one keeps its mark).
      valid: {
        Data(
          """
          {
            "attachments" : [],
            "format" : "expandable-preview-report-blob",
            "identity" : {"itemCount" : 0, "manifest" : "m.json", "plan" : "\(String(repeating: "0", count: 64))"},
            "kind" : "render",
            "shard" : {"count" : 1, "index" : 1},
            "version" : 1
          }
          """.utf8)
      },
      newer: #"{"format": "expandable-preview-report-blob", "version": 2}"#,
      read: { folder in
        words {
          _ = try ReportBlob.read(folder.appendingPathComponent("report-blob.json").path)
        }
      }),
  ]

  static func words(_ body: () throws -> Void) -> String? {
    do { try body() } catch { return "\(error)" }
    return nil
  }

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-sidecar-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `sidecar`'s reader on a folder whose file `make` left, and checks the one wording.
  func expectRefusal(
    of sidecar: Sidecar, saying reason: String, _ make: (URL) throws -> Void
  ) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try make(folder.appendingPathComponent(sidecar.fileName))
    let path = folder.appendingPathComponent(sidecar.fileName).path
    let words = sidecar.read(folder) ?? "(read without an error)"
    #expect(words.hasPrefix("\(path): cannot read the \(sidecar.title): \(reason)"), "\(words)")
  }

  @Test(arguments: sidecars) func aTruncatedFileIsDamaged(_ sidecar: Sidecar) throws {
    try expectRefusal(of: sidecar, saying: "it is not valid JSON") { file in
      let data = try sidecar.valid()
      try data.prefix(data.count / 2).write(to: file)
    }
  }

  @Test(arguments: sidecars) func aNewerVersionAsksForANewerTool(_ sidecar: Sidecar) throws {
    try expectRefusal(
      of: sidecar,
      saying: "it is version 2, written by a newer expandable-preview (this one "
        + "reads version 1)"
    ) { file in try Data(sidecar.newer.utf8).write(to: file) }
  }

  @Test(arguments: sidecars) func aSymbolicLinkIsNotFollowed(_ sidecar: Sidecar) throws {
    try expectRefusal(of: sidecar, saying: "it is a symbolic link, not a regular file") { file in
      let target = file.deletingLastPathComponent().appendingPathComponent("elsewhere.json")
      try sidecar.valid().write(to: target)
      try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
    }
  }

  /// Sparse: the size is refused before a byte is read, so the file costs nothing.
  @Test(arguments: sidecars) func anOversizedFileIsNotRead(_ sidecar: Sidecar) throws {
    try expectRefusal(
      of: sidecar,
      saying:
        "it has more than \(sidecar.maxBytes) bytes, the most a \(sidecar.title) file may have"
    ) { file in
      _ = FileManager.default.createFile(atPath: file.path, contents: nil)
      let handle = try FileHandle(forWritingTo: file)
      try handle.truncate(atOffset: UInt64(sidecar.maxBytes + 1))
      try handle.close()
    }
  }

  /// The tool's hidden records use the same words for a file they cannot read; a damaged or
  /// other-version record of their own is replaced, not refused (they are caches).
  @Test func aHiddenRecordThatIsALinkIsRefusedInTheSameWords() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(FontCheckRecord.fileName)
    try FontCheckRecord().encoded().write(to: folder.appendingPathComponent("elsewhere.json"))
    try FileManager.default.createSymbolicLink(
      at: file, withDestinationURL: folder.appendingPathComponent("elsewhere.json"))
    guard
      case .unreadable(let error) = FontCheckRecord.load(in: try FolderHandle(path: folder.path))
    else {
      Issue.record("a link under the record's name was read")
      return
    }
    #expect(
      "\(error)"
        == "\(file.path): cannot read the font check record: it is a symbolic link, not a "
        + "regular file")
  }
}

import ExpandablePreviewSupport
import Foundation

/// A record the tool keeps beside what it wrote (the render record, the font check record,
/// the golden keys): one JSON file with a leading dot, marked as the tool's own by `generator`
/// and versioned by `version`. Read and written by the scheme every record shares
/// (``RecordFile``, described by ``kind``): a regular file, never through a link, at most
/// ``maxBytes``, written atomically with sorted keys so that equal records give equal bytes.
protocol ToolRecord: Codable, Equatable {
  /// The file's name in its folder.
  static var fileName: String { get }
  /// What messages call the record: "render record".
  static var title: String { get }
  /// The words every record of this kind carries in `generator`.
  static var generatorMark: String { get }
  /// The version this build writes and reads; a record of another version is the tool's own
  /// but is not used.
  static var currentVersion: Int { get }
  /// The most bytes the file is read to.
  static var maxBytes: Int { get }

  var generator: String { get }
  var version: Int { get }
  /// Whether the decoded fields hold together (a record is a file anyone can edit).
  var isWellFormed: Bool { get }
}

/// What is in a folder under a record's file name.
enum ToolRecordFile<Record: ToolRecord> {
  /// No such file.
  case absent
  /// The tool's record of this version, well formed, with the stamp its file had.
  case own(Record, FileStamp)
  /// The tool's record of another version, or damaged: it may be replaced.
  case ownButUnusable(FileStamp)
  /// A file this tool did not write: it is never replaced.
  case foreign
  /// Something that cannot be read as a file (a FIFO, a folder, too large): why, naming it.
  case unreadable(RecordError)
}

extension ToolRecord {
  var isWellFormed: Bool { true }

  /// The record's kind in the one scheme: compact JSON, marked by `generator`.
  static var kind: RecordKind {
    RecordKind(
      fileName: fileName, title: title, mark: ("generator", generatorMark),
      currentVersion: currentVersion, maxBytes: maxBytes, layout: .compact)
  }

  /// What the folder holds under ``fileName``.
  static func load(in folder: FolderHandle) -> ToolRecordFile<Self> {
    let read = RecordFile.read(
      Self.self, as: kind, in: folder,
      validate: { $0.isWellFormed ? nil : "its fields do not hold together" })
    switch read {
    case .absent: return .absent
    case .record(let record, let stamp): return .own(record, stamp)
    case .refused(let error, let stamp):
      guard error.isThisKind, let stamp else {
        if case .unreadable = error.problem { return .unreadable(error) }
        return .foreign
      }
      return .ownButUnusable(stamp)
    }
  }

  /// The record in the folder, when it is the tool's own of this version.
  static func own(in folder: FolderHandle) -> Self? {
    if case .own(let record, _) = load(in: folder) { return record }
    return nil
  }

  /// The record as it is written: compact JSON, keys sorted, slashes as they are.
  func encoded() throws -> Data { try Self.kind.encoded(self) }

  /// Writes the record into `folder` atomically; the stamp the write gave the file.
  @discardableResult
  func write(in folder: FolderHandle) throws -> FileStamp {
    try RecordFile.write(self, as: Self.kind, in: folder)
  }
}

import ExpandablePreviewSupport
import Foundation

/// A record the tool keeps beside what it wrote (the render record, the font check record,
/// the golden keys): one JSON file with a leading dot, marked as the tool's own by `generator`
/// and versioned by `version`. All of them are read and written by the one scheme below:
/// read through ``BoundedFile`` (a regular file, never through a link, at most ``maxBytes``),
/// written atomically with sorted keys so that equal records give equal bytes.
protocol ToolRecord: Codable, Equatable {
  /// The file's name in its folder.
  static var fileName: String { get }
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
  /// Something that cannot be read as a file (a FIFO, a folder, too large): the reason.
  case unreadable(String)
}

extension ToolRecord {
  var isWellFormed: Bool { true }

  /// What the folder holds under ``fileName``.
  static func load(in folder: FolderHandle) -> ToolRecordFile<Self> {
    switch folder.contents(ofFile: fileName, maxBytes: maxBytes) {
    case .absent: return .absent
    case .unreadable(let reason): return .unreadable(reason)
    case .bytes(let data, let stamp):
      if let record = try? JSONDecoder().decode(Self.self, from: data),
        record.generator == generatorMark, record.version == currentVersion,
        record.isWellFormed
      {
        return .own(record, stamp)
      }
      // The mark is looked for in the bytes: a record of another version may not decode.
      let isOwn = String(data: data, encoding: .utf8)?.contains(generatorMark) ?? false
      return isOwn ? .ownButUnusable(stamp) : .foreign
    }
  }

  /// The record in the folder, when it is the tool's own of this version.
  static func own(in folder: FolderHandle) -> Self? {
    if case .own(let record, _) = load(in: folder) { return record }
    return nil
  }

  /// The record as it is written: compact JSON, keys sorted, slashes as they are.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// Writes the record into `folder` atomically.
  func write(in folder: FolderHandle) throws {
    try folder.write(try encoded(), to: Self.fileName)
  }
}

import Foundation

/// What a record file holds, read by the one scheme.
package enum RecordRead<Record> {
  /// No file under the name.
  case absent
  /// The record, of a version this build reads, with the stamp its file had.
  case record(Record, FileStamp)
  /// A file that is not used, why in the one wording, and its stamp when it was read.
  case refused(RecordError, FileStamp?)
}

/// Reads and writes the records the tool keeps or hands over, each described by a
/// ``RecordKind``: a regular file (never through a symbolic link, no FIFO wait) of at most the
/// kind's bytes, its mark and version checked before its fields, written atomically.
package enum RecordFile {
  /// The record at `path`, named `name` in messages (the path by default).
  package static func read<Record: Decodable>(
    _ type: Record.Type, as kind: RecordKind, at path: String, naming name: String? = nil,
    validate: (Record) -> String? = { _ in nil }
  ) -> RecordRead<Record> {
    let contents = BoundedFile.read(
      path, maxBytes: kind.maxBytes, naming: "it", limit: limitWords(kind), followsLinks: false)
    return decode(contents, as: kind, naming: name ?? path, validate: validate)
  }

  /// The record under the kind's file name in `folder`.
  package static func read<Record: Decodable>(
    _ type: Record.Type, as kind: RecordKind, in folder: FolderHandle,
    validate: (Record) -> String? = { _ in nil }
  ) -> RecordRead<Record> {
    let contents = folder.contents(
      ofFile: kind.fileName, maxBytes: kind.maxBytes, naming: "it", limit: limitWords(kind))
    return decode(contents, as: kind, naming: folder.path(of: kind.fileName), validate: validate)
  }

  /// Writes `record` under the kind's file name in `folder` atomically.
  @discardableResult
  package static func write(_ record: some Encodable, as kind: RecordKind, in folder: FolderHandle)
    throws -> FileStamp
  {
    try folder.write(try kind.encoded(record), to: kind.fileName)
  }

  /// Writes `record` under the kind's file name in the folder at `folder` (created when
  /// missing) atomically; unless `rewritesEqualBytes`, a file already holding its bytes is left
  /// as it is (its stamp too).
  package static func write(
    _ record: some Encodable, as kind: RecordKind, inFolderAt folder: URL,
    rewritesEqualBytes: Bool = true
  ) throws {
    let data = try kind.encoded(record)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let handle = try FolderHandle(path: folder.path)
    if !rewritesEqualBytes,
      case .bytes(data, _) = handle.contents(ofFile: kind.fileName, maxBytes: data.count)
    {
      return
    }
    try handle.write(data, to: kind.fileName)
  }

  private static func limitWords(_ kind: RecordKind) -> String {
    "the most a \(kind.title) file may have"
  }

  private static func decode<Record: Decodable>(
    _ contents: BoundedFile.Contents, as kind: RecordKind, naming name: String,
    validate: (Record) -> String?
  ) -> RecordRead<Record> {
    switch contents {
    case .absent: return .absent
    case .unreadable(let reason):
      return .refused(RecordError(name: name, kind: kind, problem: .unreadable(reason)), nil)
    case .bytes(let data, let stamp):
      switch decode(Record.self, as: kind, from: data, naming: name, validate: validate) {
      case .success(let record): return .record(record, stamp)
      case .failure(let error): return .refused(error, stamp)
      }
    }
  }

  /// The record in `data`, bytes that came from elsewhere than a file the scheme read (a
  /// caller's buffer), checked as a file's are: its mark, its version, then its fields.
  package static func decode<Record: Decodable>(
    _ type: Record.Type, as kind: RecordKind, from data: Data, naming name: String,
    validate: (Record) -> String? = { _ in nil }
  ) -> Result<Record, RecordError> {
    func refuse(_ problem: RecordError.Problem) -> Result<Record, RecordError> {
      .failure(RecordError(name: name, kind: kind, problem: problem))
    }
    let decoder = JSONDecoder()
    decoder.userInfo[RecordEnvelope<Record>.markKey] = kind.mark?.key
    let envelope: RecordEnvelope<Record>
    do {
      envelope = try decoder.decode(RecordEnvelope<Record>.self, from: data)
    } catch {
      return refuse(notAnObject(data, error, kind))
    }
    if let mark = kind.mark, envelope.mark != mark.value {
      let found = envelope.mark.map { "\"\($0)\"" } ?? "missing"
      return refuse(
        .otherKind(
          "it is not a \(kind.title): its \"\(mark.key)\" is \(found), not \"\(mark.value)\""))
    }
    guard let version = envelope.version ?? kind.unversioned else {
      return refuse(.damaged("it lacks the key 'version'"))
    }
    if version > kind.currentVersion { return refuse(.newerVersion(version)) }
    if version < kind.oldestReadable { return refuse(.olderVersion(version)) }
    switch envelope.record {
    case .failure(let error): return refuse(.damaged(DecodingReason.of(error)))
    case .success(let record):
      if let problem = validate(record) { return refuse(.damaged(problem)) }
      return .success(record)
    }
  }

  /// Why bytes that are no JSON object are refused: damage when they carry the kind's mark (a
  /// record cut short), else another kind of file; for a kind without a mark, damage.
  private static func notAnObject(_ data: Data, _ error: any Error, _ kind: RecordKind)
    -> RecordError.Problem
  {
    guard let mark = kind.mark else { return .damaged(DecodingReason.of(error)) }
    if data.range(of: Data(mark.value.utf8)) != nil { return .damaged(DecodingReason.of(error)) }
    let isJSON = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
    return .otherKind(
      isJSON ? "it is not a \(kind.title)" : "it is not JSON, so not a \(kind.title)")
  }
}

/// A record's mark and version read in the same pass as its fields (one parse of the file).
private struct RecordEnvelope<Record: Decodable>: Decodable {
  static var markKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "recordMarkKey")! }

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  var mark: String?
  var version: Int?
  var record: Result<Record, any Error>

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    if let key = decoder.userInfo[Self.markKey] as? String {
      mark = try? container.decodeIfPresent(String.self, forKey: Key(stringValue: key))
    }
    version = try? container.decodeIfPresent(Int.self, forKey: Key(stringValue: "version"))
    record = Result { try Record(from: decoder) }
  }
}

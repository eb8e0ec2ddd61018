import Foundation

/// The line form of the record scheme, for a record read where decoding JSON would cost more
/// than the work it saves (the no-op record, read by every run that has nothing to do): a
/// first line `MARK VERSION`, the record's lines, and a last line `sha256 HEX` over every byte
/// before it, so that a file cut short or edited is refused as damaged instead of being read.
/// Refused in the words every record shares (``RecordError``), described by a ``RecordKind``
/// whose mark value is the first line's words.
package enum RecordLines {
  /// The file's bytes: the mark line, `lines` (none may hold a line break), the checksum line.
  package static func encode(_ lines: [String], as kind: RecordKind) -> Data {
    var text = "\(kind.mark?.value ?? kind.title) \(kind.currentVersion)\n"
    for line in lines {
      text += line
      text += "\n"
    }
    var data = Data(text.utf8)
    data.append(contentsOf: Array("\(checksumWord) \(SHA256Digest.hex(of: data))\n".utf8))
    return data
  }

  /// The record's lines in `data` (without the mark and checksum lines), its mark, version and
  /// checksum checked first; messages call the file `name`.
  package static func decode(_ data: Data, as kind: RecordKind, naming name: String)
    -> Result<[Substring], RecordError>
  {
    func refuse(_ problem: RecordError.Problem) -> Result<[Substring], RecordError> {
      .failure(RecordError(name: name, kind: kind, problem: problem))
    }
    let mark = kind.mark?.value ?? kind.title
    guard let text = String(validating: data, as: UTF8.self) else {
      return refuse(.otherKind("it is not text, so not a \(kind.title)"))
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.first, first.hasPrefix(mark + " ") else {
      return refuse(.otherKind("it is not a \(kind.title): its first line is not \"\(mark) N\""))
    }
    guard let version = Int(first.dropFirst(mark.count + 1)) else {
      return refuse(.damaged("its first line has no version after \"\(mark)\""))
    }
    if version > kind.currentVersion { return refuse(.newerVersion(version)) }
    if version < kind.oldestReadable { return refuse(.olderVersion(version)) }
    // The last line ends with a line break: the split leaves an empty piece after it.
    guard lines.count >= 3, lines.last == "", lines[lines.count - 2].hasPrefix(checksumWord + " ")
    else { return refuse(.damaged("it is cut short (it does not end with its checksum line)")) }
    let checksumLine = lines[lines.count - 2]
    let covered = data.prefix(data.count - checksumLine.utf8.count - 1)
    guard checksumLine.dropFirst(checksumWord.count + 1) == SHA256Digest.hex(of: covered) else {
      return refuse(.damaged("its checksum does not match its lines (it was edited or damaged)"))
    }
    lines.removeLast(2)
    return .success(Array(lines.dropFirst()))
  }

  /// The record under the kind's file name in `folder` (a regular file, never through a link,
  /// at most the kind's bytes).
  package static func read(as kind: RecordKind, in folder: FolderHandle) -> RecordRead<
    [Substring]
  > {
    let name = folder.path(of: kind.fileName)
    switch folder.contents(
      ofFile: kind.fileName, maxBytes: kind.maxBytes, naming: "it",
      limit: "the most a \(kind.title) file may have")
    {
    case .absent: return .absent
    case .unreadable(let reason):
      return .refused(RecordError(name: name, kind: kind, problem: .unreadable(reason)), nil)
    case .bytes(let data, let stamp):
      switch decode(data, as: kind, naming: name) {
      case .success(let lines): return .record(lines, stamp)
      case .failure(let error): return .refused(error, stamp)
      }
    }
  }

  /// Writes `lines` under the kind's file name in `folder` atomically.
  @discardableResult
  package static func write(_ lines: [String], as kind: RecordKind, in folder: FolderHandle)
    throws -> FileStamp
  {
    try folder.write(encode(lines, as: kind), to: kind.fileName)
  }

  private static let checksumWord = "sha256"
}

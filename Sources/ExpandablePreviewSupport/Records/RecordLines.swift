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

  /// The record's lines in `data` (without the mark and checksum lines), as bytes: read
  /// without decoding text, as a no-op run reads thousands of them. Its mark, version and
  /// checksum are checked first; messages call the file `name`.
  package static func decode(_ data: Data, as kind: RecordKind, naming name: String)
    -> Result<[ArraySlice<UInt8>], RecordError>
  {
    func refuse(_ problem: RecordError.Problem) -> Result<[ArraySlice<UInt8>], RecordError> {
      .failure(RecordError(name: name, kind: kind, problem: problem))
    }
    let mark = Array((kind.mark?.value ?? kind.title).utf8) + [UInt8(ascii: " ")]
    let bytes = [UInt8](data)
    let newline = UInt8(ascii: "\n")
    var lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
    guard let first = lines.first, first.starts(with: mark) else {
      return refuse(
        .otherKind(
          "it is not a \(kind.title): its first line is not \"\(kind.mark?.value ?? kind.title) N\""
        ))
    }
    guard let version = Int(String(decoding: first.dropFirst(mark.count), as: UTF8.self)) else {
      return refuse(.damaged("its first line has no version after its mark"))
    }
    if version > kind.currentVersion { return refuse(.newerVersion(version)) }
    if version < kind.oldestReadable { return refuse(.olderVersion(version)) }
    // The last line ends with a line break: the split leaves an empty piece after it.
    let word = Array(checksumWord.utf8) + [UInt8(ascii: " ")]
    guard lines.count >= 3, lines.last?.isEmpty == true, lines[lines.count - 2].starts(with: word)
    else { return refuse(.damaged("it is cut short (it does not end with its checksum line)")) }
    let checksumLine = lines[lines.count - 2]
    let covered = bytes[..<checksumLine.startIndex]
    guard checksumLine.dropFirst(word.count).elementsEqual(SHA256Digest.hex(of: covered).utf8)
    else {
      return refuse(.damaged("its checksum does not match its lines (it was edited or damaged)"))
    }
    lines.removeLast(2)
    lines.removeFirst()
    return .success(lines)
  }

  /// The record under the kind's file name in `folder` (a regular file, never through a link,
  /// at most the kind's bytes).
  package static func read(as kind: RecordKind, in folder: FolderHandle) -> RecordRead<
    [ArraySlice<UInt8>]
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

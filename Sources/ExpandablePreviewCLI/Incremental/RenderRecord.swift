import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `OUT/.expandable-preview-render.json`: what `render` wrote into its output folder, job by
/// job: the job's key, the SHA-256 of each file it wrote, and its layout (so `layout.json`
/// stays complete when the job is skipped); and the hashes of the files the keys are made of
/// (``InputHashes``). The file's leading dot keeps it apart from item folders (an item name
/// cannot start with a dot); `generator` marks it as the tool's own.
struct RenderRecord: Codable, Sendable, Equatable {
  static let fileName = ".expandable-preview-render.json"
  static let generatorMark = "expandable-preview render record"

  struct Entry: Codable, Sendable, Equatable {
    var key: String
    /// Each file's path relative to the output folder, with the SHA-256 of the bytes written.
    var files: [String: String]
    var layout: FileLayout
    /// The stamps of files read and found with their recorded hash, when settled: while a
    /// file keeps its stamp it is not read again (see ``FileStamp`` for what a stamp sees).
    /// A file just written has none; the next run that reads it gives it one.
    var stamps: [String: FileStamp] = [:]

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.key == rhs.key && lhs.files == rhs.files
    }
  }

  var generator = generatorMark
  var version = 2
  /// By the job's first file, relative to the output folder (`item/collapsed@2x.png`).
  var jobs: [String: Entry] = [:]
  /// The hashes of the font set's files and the executable, with their stamps.
  var inputs = InputHashes()

  /// The record in `folder`: empty when there is none; an error when a file of that name is
  /// there but is not the tool's record (it is never replaced).
  static func read(in folder: FolderHandle) throws -> RenderRecord {
    try readStamped(in: folder).record
  }

  /// The record in `folder` (as ``read(in:)``) with the stamp its file had when it was read;
  /// no stamp when there is no file.
  static func readStamped(in folder: FolderHandle) throws -> (
    record: RenderRecord, stamp: FileStamp?
  ) {
    guard let (data, stamp) = folder.stampedContents(ofFile: fileName) else {
      return (RenderRecord(), nil)
    }
    return (try decode(data), stamp)
  }

  private static func decode(_ data: Data) throws -> RenderRecord {
    guard let record = try? JSONDecoder().decode(RenderRecord.self, from: data),
      record.generator == generatorMark
    else {
      if let text = String(data: data, encoding: .utf8), text.contains(generatorMark) {
        // The tool's own record of another version or damaged: start afresh.
        return RenderRecord()
      }
      throw JobFailure.other(
        "not replaced: the \(fileName) there was not written by expandable-preview; render into "
          + "a new or empty folder, or remove it")
    }
    return record
  }

  /// Writes the record atomically, keys sorted so equal records give equal bytes.
  func write(in folder: FolderHandle) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try folder.write(try encoder.encode(self), to: Self.fileName)
  }

  /// The recorded entry of `job` when its key is `key` and every file it wrote is still in
  /// `folder` with the bytes recorded, with the stamps to keep; nil when the job must be
  /// rendered. A file whose stamp is the recorded one is not read; any other is read and
  /// hashed, and its stamp kept when it was settled at `now` (when the run started).
  func unchangedEntry(of job: RenderJob, key: String, in folder: FolderHandle, now: Int64)
    -> Entry?
  {
    guard var entry = jobs[job.relativePath], entry.key == key,
      entry.files.count == job.fileCount
    else { return nil }
    var stamps: [String: FileStamp] = [:]
    for (path, hash) in entry.files {
      guard let subfolder = try? folder.subfolder(path: directory(of: path)) else { return nil }
      let name = String(path.split(separator: "/").last ?? "")
      if let recorded = entry.stamps[path], subfolder.stamp(ofFile: name) == recorded {
        stamps[path] = recorded
        continue
      }
      guard let (data, stamp) = subfolder.stampedContents(ofFile: name),
        SHA256Digest.hex(of: data) == hash
      else { return nil }
      if stamp.isSettled(readAt: now) { stamps[path] = stamp }
    }
    entry.stamps = stamps
    return entry
  }

  private func directory(of path: String) -> String {
    path.split(separator: "/").dropLast().joined(separator: "/")
  }
}

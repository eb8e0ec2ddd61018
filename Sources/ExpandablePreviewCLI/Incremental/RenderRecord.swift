import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `OUT/.expandable-preview-render.json`: what `render` wrote into its output folder, job by
/// job: the job's key, the SHA-256 of each file it wrote, and its layout (so `layout.json`
/// stays complete when the job is skipped). The file's leading dot keeps it apart from item
/// folders (an item name cannot start with a dot); `generator` marks it as the tool's own.
struct RenderRecord: Codable, Sendable, Equatable {
  static let fileName = ".expandable-preview-render.json"
  static let generatorMark = "expandable-preview render record"

  struct Entry: Codable, Sendable, Equatable {
    var key: String
    /// Each file's path relative to the output folder, with the SHA-256 of the bytes written.
    var files: [String: String]
    var layout: FileLayout

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.key == rhs.key && lhs.files == rhs.files
    }
  }

  var generator = generatorMark
  var version = 1
  /// By the job's first file, relative to the output folder (`item/collapsed@2x.png`).
  var jobs: [String: Entry] = [:]

  /// The record in `folder`: empty when there is none; an error when a file of that name is
  /// there but is not the tool's record (it is never replaced).
  static func read(in folder: FolderHandle) throws -> RenderRecord {
    guard let data = folder.contents(ofFile: fileName) else { return RenderRecord() }
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
  /// `folder` with the bytes recorded; nil when the job must be rendered.
  func unchangedEntry(of job: RenderJob, key: String, in folder: FolderHandle) -> Entry? {
    guard let entry = jobs[job.relativePath], entry.key == key,
      entry.files.count == job.fileCount
    else { return nil }
    for (path, hash) in entry.files {
      guard
        let data = try? folder.subfolder(path: directory(of: path)).contents(
          ofFile: String(path.split(separator: "/").last ?? "")),
        SHA256Digest.hex(of: data) == hash
      else { return nil }
    }
    return entry
  }

  private func directory(of path: String) -> String {
    path.split(separator: "/").dropLast().joined(separator: "/")
  }
}

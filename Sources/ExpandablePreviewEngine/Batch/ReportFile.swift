import ExpandablePreviewSupport
import Foundation

/// Writes the tool's report files (`layout.json`, `index.html`) into the output folder.
enum ReportFile {
  /// Writes `data` to `name` in `folder`, unless the file there already holds exactly these
  /// bytes: an unchanged run then rewrites none of its thousands of reports (and keeps their
  /// stamps). A different file is replaced only if this tool wrote it (``OutputOwnership``).
  ///
  /// - Returns: the written file's stamp (``FolderHandle/write(_:to:)``); nil when the file
  ///   already held these bytes and was left alone.
  @discardableResult
  static func write(_ data: Data, to name: String, in folder: FolderHandle) throws -> FileStamp? {
    // Read once: equal bytes are left alone, others replaced only when the tool's own.
    if let existing = folder.contents(ofFile: name) {
      if existing == data { return nil }
      if let problem = OutputOwnership.problem(replacing: name, startingWith: existing) {
        throw JobFailure.other(problem)
      }
    }
    return try folder.write(data, to: name)
  }
}

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
    let left = try writeStamped(data, to: name, in: folder)
    return left.written ? left.stamp : nil
  }

  /// Writes as ``write(_:to:in:)`` does; the stamp of the file as left (the write's, or the
  /// one it had when it was read and found equal) and whether it was written.
  static func writeStamped(_ data: Data, to name: String, in folder: FolderHandle) throws
    -> (stamp: FileStamp, written: Bool)
  {
    // Read once: equal bytes are left alone, others replaced only when the tool's own.
    if let (existing, stamp) = folder.stampedContents(ofFile: name) {
      if existing == data { return (stamp, false) }
      if let problem = OutputOwnership.problem(replacing: name, startingWith: existing) {
        throw JobFailure.other(problem)
      }
    }
    return (try folder.write(data, to: name), true)
  }
}

import ExpandablePreviewGolden
import Foundation

/// The review's rejections as kept in the artifacts folder (``ReviewRejections``): what the
/// workbench reads at each run and writes, atomically, at each reject, so the next
/// `verify --artifacts` of that folder shows "rejected by reviewer: NOTE" on the entry.
package struct ReviewNotes: Sendable {
  private let folder: ArtifactsFolder
  private var rejections = ReviewRejections()

  /// The notes of the artifacts folder at `artifacts` (read with ``reload()``).
  package init(artifacts: String) {
    folder = ArtifactsFolder(directory: URL(fileURLWithPath: artifacts, isDirectory: true))
  }

  /// Where the record is.
  package var file: String { folder.url(for: ReviewRejections.fileName).path }

  /// The note of the rejected golden at `path` ("" when it has none); nil when not rejected.
  package func note(for path: String) -> String? { rejections[path]?.note }

  /// Reads the record again (another review or `verify` may have changed it).
  ///
  /// - Throws: when the record cannot be read, naming its file; the notes are then none.
  package mutating func reload() throws(EngineError) {
    do { rejections = try ReviewRejections.read(in: folder.directory) } catch {
      rejections = ReviewRejections()
      throw EngineError("\(error)")
    }
  }

  /// Keeps the rejection of the golden at `path` with `note`; `summary` is what was judged.
  ///
  /// - Throws: when the folder is not the tool's or the record cannot be written (the notes
  ///   stay as they were).
  package mutating func reject(_ path: String, note: String, summary: String)
    throws(EngineError)
  {
    var changed = rejections
    changed.reject(.init(path: path, note: note, summary: summary))
    try save(changed)
  }

  /// Forgets the rejection of the golden at `path` (it was approved); nothing to write when
  /// there is none.
  package mutating func forget(_ path: String) throws(EngineError) {
    guard rejections[path] != nil else { return }
    var changed = rejections
    changed.remove(path)
    try save(changed)
  }

  /// The rejections of the goldens at `paths` as they stand (none for a path not rejected),
  /// for an undo to put back with ``restore(_:)``.
  package func keep(_ paths: [String]) -> Kept {
    Kept(rejections: paths.map { ($0, rejections[$0]) })
  }

  /// Puts back the rejections `kept` held: each path rejected again with its note and summary,
  /// or not rejected when it was not; the other paths' rejections stay as they are.
  ///
  /// - Throws: when the record cannot be written (the notes stay as they were).
  package mutating func restore(_ kept: Kept) throws(EngineError) {
    var changed = rejections
    for (path, rejection) in kept.rejections {
      if let rejection { changed.reject(rejection) } else { changed.remove(path) }
    }
    guard changed != rejections else { return }
    try save(changed)
  }

  /// Some goldens' rejections as they stood (``keep(_:)``).
  package struct Kept: Sendable {
    fileprivate let rejections: [(path: String, rejection: ReviewRejections.Rejection?)]

    /// The paths of the goldens that were rejected.
    package var rejected: [String] { rejections.filter { $0.rejection != nil }.map(\.path) }

    /// No rejections kept: a review without an artifacts folder has none to put back.
    package static let none = Kept(rejections: [])
  }

  private mutating func save(_ changed: ReviewRejections) throws(EngineError) {
    do {
      try folder.ensureMarked()
      try changed.write(in: folder.directory)
    } catch {
      throw EngineError("cannot keep the rejection in \(file): \(error)")
    }
    rejections = changed
  }
}

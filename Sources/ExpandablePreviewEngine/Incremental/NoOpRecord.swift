import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// `OUT/.expandable-preview-no-op`: the short-cut for "nothing changed". One digest over what
/// decides a run's outputs besides files (the manifest's bytes, the options, the renderer's
/// identity), the stamps of the files it read (fonts, font folders, text files; standard fonts
/// that were absent), the stamps of every file it left (images, `layout.json`, `index.html`,
/// the render record) and what its summary said. A run whose digest and stamps all match
/// has nothing to do: it prints that summary after reading this file, the manifest and a
/// `stat` per file, as ninja's no-op does. Written by a run that printed nothing on standard
/// error and failed nothing; any other run removes it. Kept in the line form of the record
/// scheme (``RecordLines``): read without a JSON decoder.
package struct NoOpRecord: Sendable, Equatable {
  package static let fileName = ".expandable-preview-no-op"
  package static let kind = RecordKind(
    fileName: fileName, title: "no-op record",
    mark: ("generator", "expandable-preview no-op record"), currentVersion: 2,
    maxBytes: RenderRecord.maxBytes, layout: .compact)

  /// The digest of everything but files that decides the outputs (``digest(manifest:options:identity:)``).
  package var digest: String
  /// The summary's items and files.
  package var items: Int
  package var files: Int
  package var gallery: Bool
  /// The digest of the gallery's inputs when the run wrote it (``GalleryPage/inputsDigest()``):
  /// the next run leaves `index.html` unbuilt while it is the same and the file has its stamp.
  /// Version 2.
  package var galleryInputs: String? = nil
  /// The files of items no longer in the manifest, as the summary lists them.
  package var removed: [String] = []
  /// Each file or folder read, by absolute path, with its stamp (`stat`, following a link as
  /// the run did); nil for a file that was absent.
  package var inputs: [String: FileStamp?] = [:]
  /// Each file left, relative to the output folder, with its stamp (`fstatat`, never through a
  /// link at the last step).
  package var outputs: [String: FileStamp] = [:]

  package init(
    digest: String, items: Int, files: Int, gallery: Bool, galleryInputs: String? = nil,
    removed: [String] = [], inputs: [String: FileStamp?] = [:],
    outputs: [String: FileStamp] = [:]
  ) {
    self.galleryInputs = galleryInputs
    self.digest = digest
    self.items = items
    self.files = files
    self.gallery = gallery
    self.removed = removed
    self.inputs = inputs
    self.outputs = outputs
  }

  /// The digest of a run's manifest bytes, its options (each `name=value`, in any fixed order)
  /// and the renderer's identity (``currentIdentity``).
  package static func digest(
    manifest: some DataProtocol, options: [String], identity: String = currentIdentity
  ) -> String {
    let digest = SHA256Digest()
    digest.update(field: identity)
    digest.update(integer: UInt64(options.count))
    for option in options { digest.update(field: option) }
    digest.update(integer: UInt64(manifest.count))
    digest.update(manifest)
    return digest.hex()
  }

  /// The renderer's sources and compiler, the libraries that draw the text: what a job key
  /// holds besides its job and the font files.
  package static var currentIdentity: String {
    let libraries = LibraryVersions.current.named.map { "\($0.name) \($0.version)" }
    let others = LibraryVersions.others.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    return ([RendererIdentity.renderer] + libraries + others).joined(separator: "\n")
  }

  /// Whether a run with `digest` into `folder` has nothing to do: the digest is this record's
  /// and every input and output still has its stamp.
  package func isCurrent(digest: String, in folder: FolderHandle) -> Bool {
    guard digest == self.digest else { return false }
    for (path, recorded) in inputs {
      var status = stat()
      let found = stat(path, &status) == 0 ? FileStamp(status) : nil
      if found != recorded { return false }
    }
    for (path, recorded) in outputs where folder.stamp(ofFile: path) != recorded {
      return false
    }
    return true
  }

  /// What `folder` holds under ``fileName``: the record, or why it is not used.
  package static func read(in folder: FolderHandle) -> RecordRead<NoOpRecord> {
    switch RecordLines.read(as: kind, in: folder) {
    case .absent: return .absent
    case .refused(let error, let stamp): return .refused(error, stamp)
    case .record(let lines, let stamp):
      switch NoOpRecord(lines: lines) {
      case .some(let record): return .record(record, stamp)
      case .none:
        let error = RecordError(
          name: folder.path(of: fileName), kind: kind,
          problem: .damaged("a line is not of the form this version writes"))
        return .refused(error, stamp)
      }
    }
  }

  /// Writes the record into `folder` atomically; nil when a path holds a line break (no
  /// record: the run is not short-cut next time).
  @discardableResult
  package func write(in folder: FolderHandle) throws -> FileStamp? {
    guard let lines else { return nil }
    return try RecordLines.write(lines, as: Self.kind, in: folder)
  }
}

import ExpandablePreviewSupport
import Foundation

/// The short-cut for "nothing changed" around one `render` run: made at its start, it reads
/// the manifest's bytes (once: a run that goes on decodes these bytes, not a second read),
/// hashes them with the options and the renderer's identity, and finds the output folder's
/// ``NoOpRecord`` current or not; a record that is not is removed, so that only the run that
/// writes a new one leaves one. At the end, ``record(_:)`` keeps the run's stamps for the
/// next run.
package struct NoOpShortcut {
  /// The manifest's bytes as read; nil when it could not be read (the run then says why).
  package let manifestBytes: [UInt8]?
  /// The record when the run has nothing to do; its summary is the run's.
  package let current: NoOpRecord?
  /// The stamps of the files the last run left (from its record, current or not): a file
  /// found with its stamp still holds what that run left (``BatchRun/knownStamps``).
  package private(set) var knownStamps: [String: FileStamp] = [:]
  /// The digest of the gallery's inputs the last run recorded (``NoOpRecord/galleryInputs``):
  /// with `index.html`'s known stamp, it spares building the page to compare it.
  package private(set) var knownGalleryInputs: String? = nil
  private let digest: String?
  private let outputFolder: URL
  /// False when a file that is not the tool's record is under the record's name.
  private let mayWrite: Bool
  /// When the run started: inputs changed within the clock's settling time of it are not
  /// trusted by stamp (``FileStamp/isSettled(readAt:)``).
  private let now: Int64

  /// - Parameters:
  ///   - directory: the folder a relative `manifestPath` is in; nil for the working directory.
  ///   - options: each option that decides the outputs as `name=value`; nil when the run may
  ///     not be short-cut (it writes elsewhere too, or covers part of the folder).
  ///   - checks: false for a run that renders everything anyway (`--force`): it is never
  ///     short-cut, but may leave a record.
  ///   - identity: the renderer's (``NoOpRecord/currentIdentity``); tests give another.
  package init(
    manifestPath: String, directory: URL? = nil, outputFolder: URL, options: [String]?,
    checks: Bool = true,
    identity: String = NoOpRecord.currentIdentity, now: Int64 = FileStamp.currentNanoseconds()
  ) {
    self.outputFolder = outputFolder
    self.now = now
    if case .bytes(let data, _) = BoundedFile.read(
      RunFolder.path(manifestPath, in: directory), maxBytes: ManifestDecoder.sizeLimit)
    {
      manifestBytes = [UInt8](data)
    } else {
      manifestBytes = nil
    }
    digest = manifestBytes.flatMap { bytes in
      options.map { NoOpRecord.digest(manifest: bytes, options: $0, identity: identity) }
    }
    guard let folder = try? FolderHandle(path: outputFolder.path) else {
      (current, mayWrite) = (nil, true)
      return
    }
    switch RecordLines.read(as: NoOpRecord.kind, in: folder) {
    case .absent:
      (current, mayWrite) = (nil, true)
    case .record(let lines, _):
      // Checked as read; decoded whole only when the run goes on (for its known stamps).
      if checks, let digest,
        let record = NoOpRecord.currentSummary(lines: lines, digest: digest, in: folder)
      {
        (current, mayWrite) = (record, true)
      } else {
        let last = NoOpRecord(lines: lines)
        (knownStamps, knownGalleryInputs) = (last?.outputs ?? [:], last?.galleryInputs)
        folder.removeFile(NoOpRecord.fileName)
        (current, mayWrite) = (nil, true)
      }
    case .refused(let error, _):
      if error.isThisKind { folder.removeFile(NoOpRecord.fileName) }
      (current, mayWrite) = (nil, error.isThisKind)
    }
  }

  /// What a run leaves for the next one to compare.
  package struct Run {
    package var items: Int
    package var files: Int
    package var gallery: Bool
    /// ``GalleryPage/inputsDigest()`` of the gallery written; nil when none was.
    package var galleryInputs: String? = nil
    /// The files of removed items the next run's summary lists.
    package var removed: [String]
    /// Each input file (and font folder) with its stamp when read; nil for one found absent.
    package var inputs: [String: FileStamp?]
    package var outputs: [String: FileStamp]

    package init(
      items: Int, files: Int, gallery: Bool, galleryInputs: String? = nil, removed: [String],
      inputs: [String: FileStamp?], outputs: [String: FileStamp]
    ) {
      self.galleryInputs = galleryInputs
      self.items = items
      self.files = files
      self.gallery = gallery
      self.removed = removed
      self.inputs = inputs
      self.outputs = outputs
    }
  }

  /// Writes the record of a run that finished with nothing failed and nothing said on
  /// standard error. Nothing is written when the run may not be short-cut, or an input
  /// changed within the clock's settling time of the run's start (its stamp could hide an
  /// edit made in the same tick).
  ///
  /// - Returns: whether a record was written.
  @discardableResult
  package func record(_ run: Run) -> Bool {
    guard mayWrite, let digest,
      run.inputs.values.allSatisfy({ $0.map { $0.isSettled(readAt: now) } ?? true }),
      let folder = try? FolderHandle(path: outputFolder.path)
    else { return false }
    let record = NoOpRecord(
      digest: digest, items: run.items, files: run.files, gallery: run.gallery,
      galleryInputs: run.galleryInputs, removed: run.removed, inputs: run.inputs,
      outputs: run.outputs)
    return (try? record.write(in: folder)) != nil
  }
}

import ExpandablePreviewSupport
import Foundation

/// The failing images a reviewer rejected in the workbench, each with an optional note, kept in
/// the artifacts folder (`review-rejections.json`) so the next `verify` shows them on their
/// entries: "rejected by reviewer: the label hides the last word". A rejection stands until
/// its image matches its golden or is approved; `verify` drops it then.
public struct ReviewRejections: Sendable, Hashable, Codable {
  /// One golden a reviewer rejected, with the note and the words it was judged by.
  public struct Rejection: Sendable, Hashable, Codable {
    /// The golden's path relative to the snapshots folder.
    public var path: String
    /// What the reviewer wrote; empty when nothing.
    public var note: String
    /// The check's words when it was rejected, so the record says what was judged.
    public var summary: String

    /// A rejection of the golden at `path` with `note`, judged by `summary`.
    public init(path: String, note: String, summary: String) {
      self.path = path
      self.note = note
      self.summary = summary
    }

    /// "rejected by reviewer: NOTE", or "rejected by reviewer" without a note.
    public var words: String {
      note.isEmpty ? "rejected by reviewer" : "rejected by reviewer: \(note)"
    }
  }

  /// The file's name inside the artifacts folder; `verify` never deletes it as an earlier
  /// run's output (it is not among ``ArtifactsFolder/fileNames``).
  public static let fileName = "review-rejections.json"
  /// The longest note kept, in characters: a note is a sentence or two, not a file.
  public static let longestNote = 2000

  /// Sorted by path, one per golden.
  public private(set) var rejections: [Rejection] = []

  /// A record of `rejections`, the last one for a path winning, notes trimmed and capped.
  public init(_ rejections: [Rejection] = []) {
    for rejection in rejections { reject(rejection) }
  }

  /// Whether no golden is rejected (then the file is removed).
  public var isEmpty: Bool { rejections.isEmpty }

  /// The rejection of the golden at `path`, if any.
  public subscript(path: String) -> Rejection? { rejections.first { $0.path == path } }

  /// Keeps `rejection` in place of any earlier one of its golden; the note is trimmed and cut
  /// to ``longestNote`` characters (whole ones).
  public mutating func reject(_ rejection: Rejection) {
    var kept = rejection
    kept.note = String(
      rejection.note.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.longestNote))
    remove(rejection.path)
    let place = rejections.firstIndex { $0.path > kept.path } ?? rejections.endIndex
    rejections.insert(kept, at: place)
  }

  /// Forgets the rejection of the golden at `path` (it was approved).
  public mutating func remove(_ path: String) { rejections.removeAll { $0.path == path } }

  /// How the file is read and written (``RecordFile``): stable JSON without a mark, at most
  /// 16 MiB (thousands of notes, never a file handed over by mistake); version 1 is the form
  /// without a `version` key.
  package static let recordKind = RecordKind(
    fileName: fileName, title: "review rejections", currentVersion: 1, unversioned: 1,
    maxBytes: 16 << 20, layout: .stable)

  /// The record in `folder`: empty when there is none.
  ///
  /// - Throws: ``GoldenStoreError`` naming the file when it cannot be read or is not a record.
  public static func read(in folder: URL) throws -> ReviewRejections {
    let file = folder.appendingPathComponent(fileName)
    switch RecordFile.read(ReviewRejections.self, as: recordKind, at: file.path) {
    case .absent: return ReviewRejections()
    case .record(let decoded, _): return ReviewRejections(decoded.rejections)
    case .refused(let error, _): throw GoldenStoreError(path: error.name, message: error.message)
    }
  }

  /// Writes the record into `folder` atomically; an empty record removes the file.
  public func write(in folder: URL) throws {
    let file = folder.appendingPathComponent(Self.fileName)
    if isEmpty {
      if FileManager.default.fileExists(atPath: file.path) {
        try FileManager.default.removeItem(at: file)
      }
      return
    }
    try RecordFile.write(self, as: Self.recordKind, inFolderAt: folder)
  }
}

extension VerificationReport {
  /// The report with each rejected failure's entry saying so, and the rejections that still
  /// stand: those of images that fail, and of images this run did not check (`--only`,
  /// `--shard`). A rejected image that matches now, or was recorded by this run, is no longer
  /// rejected (a recorded one's entry still says it was).
  public func marking(_ rejections: ReviewRejections) -> (
    report: VerificationReport, standing: ReviewRejections
  ) {
    var report = self
    var standing = rejections
    for index in report.entries.indices {
      let entry = report.entries[index]
      guard let rejection = rejections[entry.path], entry.status != .orphan else { continue }
      if entry.status.isFailure { report.entries[index].rejection = rejection.words }
      if !entry.status.isFailure || entry.recorded { standing.remove(entry.path) }
    }
    return (report, standing)
  }
}

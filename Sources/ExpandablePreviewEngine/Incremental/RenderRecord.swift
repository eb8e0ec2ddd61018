import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `OUT/.expandable-preview-render.json`: what `render` wrote into its output folder, job by
/// job: the job's key and the SHA-256 of each file it wrote; item by item, the SHA-256 of its
/// `layout.json` and where each job's part of it lies (a skipped job keeps its part, so the
/// layouts themselves are not kept here: decoding them took a large share of an unchanged
/// run); and the hashes of the files the keys are made of (``InputHashes``). The file's
/// leading dot keeps it apart from item folders (an item name cannot start with a dot);
/// `generator` marks it as the tool's own.
struct RenderRecord: ToolRecord, Sendable {
  static let fileName = ".expandable-preview-render.json"
  static let title = "render record"
  static let generatorMark = "expandable-preview render record"
  /// 3: layouts no longer kept per job, `layout.json` files per item instead. 4: those
  /// files follow layout schema 2 (`LayoutSchema`): a kept part of an older file would
  /// mix two versions in one, so a folder rendered before is rendered again, saying so.
  static let currentVersion = 4

  /// Coded as an array (``RenderRecord+Coding.swift``), as is ``Report``.
  struct Entry: Codable, Sendable, Equatable {
    var key: String
    /// Each file's path relative to the output folder, with the SHA-256 of the bytes written.
    var files: [String: String]
    /// True when the job wrote an animation as one frame because the text fits: a skipped
    /// job repeats that warning.
    var stillAnimation = false
    /// The stamps of files read and found with their recorded hash, when settled, and of
    /// files this tool wrote (the stamp its write gave them): while a file keeps its stamp it
    /// is not read again (see ``FileStamp`` for what a stamp sees).
    var stamps: [String: FileStamp] = [:]

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.key == rhs.key && lhs.files == rhs.files
    }
  }

  /// An item's `layout.json` as written (or last found with these bytes): made of one part
  /// per job (``LayoutReportFragments``), the parts in `files`' order.
  struct Report: Codable, Sendable, Equatable {
    var sha256: String
    /// The file's stamp when it was read and found with the recorded hash, settled, or the
    /// stamp its write by this tool gave it.
    var stamp: FileStamp? = nil
    /// The first file of each job whose part the file holds (relative to the item's folder).
    var files: [String]
    /// Where the first part begins.
    var start: Int
    /// Each part's length in bytes.
    var lengths: [Int]

    static func == (lhs: Report, rhs: Report) -> Bool {
      lhs.sha256 == rhs.sha256 && lhs.files == rhs.files && lhs.start == rhs.start
        && lhs.lengths == rhs.lengths
    }
  }

  var generator = generatorMark
  var version = currentVersion
  /// By the job's first file, relative to the output folder (`item/collapsed@2x.png`).
  var jobs: [String: Entry] = [:]
  /// By item name.
  var reports: [String: Report] = [:]
  /// The hashes of the font set's files, with their stamps.
  var inputs = InputHashes()

  /// The record in `folder`: empty when there is none; an error when a file of that name is
  /// there but is not the tool's record (it is never replaced).
  static func read(in folder: FolderHandle) throws -> RenderRecord {
    try readStamped(in: folder).record
  }

  /// The record in `folder` (as ``read(in:)``) with the stamp its file had when it was read;
  /// no stamp when there is no file. `unusable` says why the tool's own record there is not
  /// used (another version, damaged): every job renders again, and the run says so.
  static func readStamped(in folder: FolderHandle) throws -> (
    record: RenderRecord, stamp: FileStamp?, unusable: String?
  ) {
    switch load(in: folder) {
    case .absent: return (RenderRecord(), nil, nil)
    case .unreadable(let error): throw JobFailure.other(error.message)
    case .own(let record, let stamp): return (record, stamp, nil)
    case .ownButUnusable(let stamp):
      let reason =
        "the \(fileName) there is of another version of expandable-preview or damaged: "
        + "every job is rendered again and the record written anew"
      return (RenderRecord(), stamp, reason)
    case .foreign:
      throw JobFailure.other(
        "not replaced: the \(fileName) there was not written by expandable-preview; render into "
          + "a new or empty folder, or remove it")
    }
  }

  /// The recorded entry of `job` when its key is `key` and every file it wrote is still in
  /// `folder` with the bytes recorded, with the stamps to keep; nil when the job must be
  /// rendered. A file whose stamp is the recorded one is not read; any other is read and
  /// hashed, and its stamp kept when it was settled at `now` (when the run started).
  func unchangedEntry(of job: RenderJob, key: String, in folder: FolderHandle, now: Int64)
    -> Entry?
  {
    // The item's folder is never created here.
    guard let itemFolder = try? folder.subfolder(job.itemName, create: false) else { return nil }
    return unchangedEntry(of: job, key: key, inItemFolder: itemFolder, now: now)
  }

  /// ``unchangedEntry(of:key:in:now:)`` in the item's folder, opened already (a run opens
  /// each item's folder once for all of its jobs).
  func unchangedEntry(
    of job: RenderJob, key: String, inItemFolder itemFolder: FolderHandle, now: Int64
  ) -> Entry? {
    // Only the files the plan gives the job, in its item's folder.
    guard var entry = jobs[job.relativePath], entry.key == key,
      Set(entry.files.keys) == Set(job.writtenPaths)
    else { return nil }
    var stamps: [String: FileStamp] = [:]
    for (path, hash) in entry.files {
      guard let name = Self.itemAndFile(path)?.file else { return nil }
      if let recorded = entry.stamps[path], itemFolder.stamp(ofFile: name) == recorded {
        stamps[path] = recorded
        continue
      }
      let digest = SHA256Digest()
      guard
        let stamp = itemFolder.stream(ofFile: name, maxBytes: Self.maxOutputBytes, digest.update),
        digest.hex() == hash
      else { return nil }
      if stamp.isSettled(readAt: now) { stamps[path] = stamp }
    }
    entry.stamps = stamps
    return entry
  }

}

extension RenderRecord {
  /// An item's `layout.json` found as recorded: the record's entry (with the stamp to keep)
  /// and the file's bytes when they were read.
  struct KeptReport: Sendable {
    var report: Report
    var data: Data?
  }

  /// The recorded `layout.json` of `item` when it is still in `folder` with the recorded
  /// bytes: its stamp is the recorded one, or it is read and hashed (its stamp kept when
  /// settled at `now`). Nil when it is not: none of the item's jobs can then be skipped, as
  /// their parts of the file are gone.
  func keptReport(of item: String, in folder: FolderHandle, now: Int64) -> KeptReport? {
    guard let itemFolder = try? folder.subfolder(item, create: false) else { return nil }
    return keptReport(of: item, inItemFolder: itemFolder, now: now)
  }

  /// ``keptReport(of:in:now:)`` in the item's folder, opened already.
  func keptReport(of item: String, inItemFolder itemFolder: FolderHandle, now: Int64)
    -> KeptReport?
  {
    guard var report = reports[item], report.files.count == report.lengths.count else {
      return nil
    }
    if let stamp = report.stamp, itemFolder.stamp(ofFile: "layout.json") == stamp {
      return KeptReport(report: report, data: nil)
    }
    guard
      case .bytes(let data, let stamp) = itemFolder.contents(
        ofFile: "layout.json", maxBytes: Self.maxBytes),
      SHA256Digest.hex(of: data) == report.sha256,
      LayoutReportFragments.kept(data: data, start: report.start, lengths: report.lengths)
        != nil
    else { return nil }
    report.stamp = stamp.isSettled(readAt: now) ? stamp : nil
    return KeptReport(report: report, data: data)
  }
}

import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `verify --changed` with nothing changed, on render's ``NoOpShortcut``: the record lives in
/// the artifacts folder (the tool's own, beside the font check's record; the snapshots folder
/// is the team's), its outputs are the reports there, and its inputs are everything else the
/// run read: the goldens and their folders (a golden added or removed is an orphan, a folder's
/// stamp says so), the key record, `fingerprint.json`, the reviewer's rejections, the fonts and
/// text files. A run leaves a record only when every golden passed unchanged by its key, so
/// the reports it leaves are those the next such run would write.
enum VerifyNoOp {
  /// Each option that decides what the run writes and says, as `name=value`; nil when the run
  /// may not be short-cut: without `--changed` every golden is checked, and a cache, a report
  /// blob, `only`, `shard`, the machine's fonts or a locked folder (blobs elsewhere) are each
  /// more than the files a record can stamp.
  static func options(
    of request: VerifyRequest, mode: RecordMode, cache: RemoteCache?, shard: Shard?
  ) -> [String]? {
    guard request.changedOnly, let artifacts = request.artifacts, cache == nil, shard == nil,
      request.only == nil, !request.systemFonts, !request.writesElsewhere,
      request.goldenStore == nil
    else { return nil }
    return [
      "command=verify",
      "manifest=" + RunFolder.path(request.manifest, in: request.options.directory),
      "snapshots=" + RunFolder.path(request.snapshots, in: request.options.directory),
      "artifacts=" + RunFolder.path(artifacts, in: request.options.directory), "record=\(mode)",
      "diff=\(request.diff)",
      "compare=\(request.compare)", "strict=\(request.strict)",
      "max-renders=\(request.maxRenders)", "prune=\(request.prune)",
    ]
  }

  /// Whether a finished run may leave a record: it passed, said nothing, found no orphan and
  /// passed every golden unchanged by its key (so its reports are what the next run writes).
  static func mayRecord(_ outcome: VerifyOutcome, problemsSaid: Int) -> Bool {
    outcome.passed && problemsSaid == 0 && outcome.orphans.isEmpty && outcome.recorded.isEmpty
      && outcome.report.fingerprintDifferences.isEmpty && outcome.images > 0
      && outcome.unchanged == outcome.images && !outcome.snapshotsCreated
  }

  /// What the record keeps of a finished run; nil when a stamp cannot be taken (a golden
  /// gone since, a font not hashed).
  ///
  /// - Parameters:
  ///   - fonts: the font files the keys hashed, with their stamps as hashed, and the listing.
  ///   - items: the plan's item names; `goldens` its golden paths, relative to `snapshots`.
  static func run(
    items: [String], goldens: [String], snapshots: URL, artifacts: URL,
    fonts: (files: KeyContext.Files, hashes: InputHashes), textFiles: [String: FileStamp]
  ) -> NoOpShortcut.Run? {
    var inputs = fonts.files.listing
    for path in fonts.files.fonts {
      guard let entry = fonts.hashes.files[path] else { return nil }
      inputs[path] = entry.stamp
    }
    for (path, stamp) in textFiles { inputs[path] = stamp }
    let root = snapshots.path
    for path in [root] + items.map({ root + "/" + $0 }) + goldens.map({ root + "/" + $0 }) {
      guard let stamp = stamp(path) else { return nil }
      inputs[path] = stamp
    }
    // Absent is a stamp too: one appearing ends the short-cut.
    for path in [
      root + "/" + GoldenKeyRecord.fileName, root + "/" + Fingerprint.fileName,
      artifacts.path + "/" + ReviewRejections.fileName,
    ] {
      inputs.updateValue(stamp(path), forKey: path)
    }
    // The reports and the font check's record were written by this run: their stamps are the
    // tool's own, as render trusts its own writes.
    guard let folder = try? FolderHandle(path: artifacts.path) else { return nil }
    var outputs: [String: FileStamp] = [:]
    for name in [
      VerificationReport.jsonFileName, VerificationReport.htmlFileName,
      VerificationReport.junitFileName, FontCheckRecord.fileName,
    ] {
      guard let stamp = folder.stamp(ofFile: name) else { return nil }
      outputs[name] = stamp
    }
    return NoOpShortcut.Run(
      items: items.count, files: goldens.count, gallery: false, removed: [], inputs: inputs,
      outputs: outputs)
  }

  /// The stamp of the file or folder at `path`, following a link as the run's reads do.
  private static func stamp(_ path: String) -> FileStamp? {
    var status = stat()
    return stat(path, &status) == 0 ? FileStamp(status) : nil
  }
}

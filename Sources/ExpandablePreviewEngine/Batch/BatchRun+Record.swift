import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension BatchRun {
  /// Merges this run's jobs into the folder's record under the folder's lock (shards writing
  /// into one folder take turns): a done job's entry replaces the old one, a failed job's is
  /// dropped; so do the entries of the items' `layout.json` files in `reports` (nil drops
  /// one); `inputs` replaces the input files' hashes. Entries of items no longer in the
  /// manifest are kept and their files returned, or with `prune` their files (only those
  /// recorded) are removed and the entries dropped. `readBefore` is the record as the run read
  /// it, with its file's stamp (settled): while the file keeps that stamp it is not decoded
  /// again. A record that would not change is not written.
  ///
  /// - Returns: the files of removed items, the record as left and its file's stamp (nil when
  ///   it was neither written nor kept as read).
  func updateRecord(
    _ jobs: [RenderJob], _ done: [Result<JobDone, JobFailure>],
    reports: [String: RenderRecord.Report?],
    inputs: InputHashes, readBefore: (record: RenderRecord, stamp: FileStamp)?
  ) throws -> (removed: [String], record: RenderRecord, stamp: FileStamp?) {
    let folder = try outputHandle()
    return try FolderLock.withLock(outputFolder) {
      var stamp: FileStamp? = nil
      var record: RenderRecord
      var changed: Bool
      if let readBefore, folder.stamp(ofFile: RenderRecord.fileName) == readBefore.stamp {
        (record, changed, stamp) = (readBefore.record, false, readBefore.stamp)
      } else {
        // Read afresh; written whatever it holds (it may not be there yet).
        (record, changed) = (try RenderRecord.read(in: folder), true)
      }
      if record.inputs != inputs { changed = true }
      record.inputs = inputs
      for (job, result) in zip(jobs, done) {
        let old = record.jobs[job.relativePath]
        switch result {
        case .success(let jobDone):
          // A skipped job keeps its entry; only new stamps change it.
          if !jobDone.skipped || old != jobDone.entry || old?.stamps != jobDone.entry?.stamps {
            changed = true
          }
          record.jobs[job.relativePath] = jobDone.entry
        case .failure:
          if old != nil { changed = true }
          record.jobs[job.relativePath] = nil
        }
      }
      for (item, report) in reports {
        let old = record.reports[item]
        if old != report || old?.stamp != report?.stamp { changed = true }
        record.reports[item] = report
      }
      let items = Set((plan.items + plan.itemsLeftOut).map(\.name))
      var removed: [String] = []
      for (path, entry) in record.jobs.sorted(by: { $0.key < $1.key }) {
        guard let item = path.split(separator: "/").first, !items.contains(String(item)) else {
          continue
        }
        guard prune else {
          removed += entry.files.keys.sorted()
          continue
        }
        // Only what was removed is said removed: not a file behind a folder that is a
        // symbolic link (left alone), nor one already gone.
        for file in entry.files.keys.sorted() {
          let parts = file.split(separator: "/").map(String.init)
          guard parts.count == 2, let itemFolder = try? folder.subfolder(parts[0], create: false),
            itemFolder.removeFile(parts[1])
          else { continue }
          removed.append(file)
        }
        record.jobs[path] = nil
        changed = true
      }
      if prune {
        for item in record.reports.keys where !items.contains(item) {
          record.reports[item] = nil
          changed = true
        }
        removeEmptiedItemFolders(of: removed, in: folder)
      }
      if changed { stamp = try record.write(in: folder) }
      return (removed, record, stamp)
    }
  }

  /// After pruning, an item folder left with only the tool's `layout.json` goes too.
  func removeEmptiedItemFolders(of files: [String], in folder: FolderHandle) {
    for item in Set(files.compactMap { $0.split(separator: "/").first.map(String.init) }) {
      guard let itemFolder = try? folder.subfolder(item, create: false),
        let left = try? FileManager.default.contentsOfDirectory(atPath: itemFolder.path)
      else { continue }
      if left == ["layout.json"],
        OutputOwnership.problem(replacing: "layout.json", in: itemFolder) == nil
      {
        itemFolder.removeFile("layout.json")
      }
      folder.removeEmptyFolder(item)
    }
  }
}

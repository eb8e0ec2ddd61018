import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `SNAPSHOTS/.expandable-preview-golden-keys.json`: for each golden that a render matched or
/// that was recorded, the job's key (with the diff options) and the SHA-256 of the golden
/// file. `verify --changed` reports a golden whose key and file are both unchanged as
/// "unchanged (key)" without rendering. The leading dot keeps it apart from item folders and
/// from the goldens `--prune` may delete; `generator` marks it as the tool's own. Separate from
/// any other record beside the goldens (layout records).
package struct GoldenKeyRecord: Codable, Sendable, Equatable {
  package static let fileName = ".expandable-preview-golden-keys.json"
  static let generatorMark = "expandable-preview golden keys"

  package struct Entry: Codable, Sendable, Equatable {
    var key: String
    var sha256: String
  }

  var generator = generatorMark
  var version = 1
  /// By golden path relative to the snapshots folder.
  var goldens: [String: Entry] = [:]

  /// The key `verify` records and compares for `job`: the job key and the diff options (a
  /// golden that matched under a looser threshold says nothing about a stricter one).
  static func key(
    of job: RenderJob, in context: KeyContext, diff: DiffOptions, compare: CompareMode = .both
  ) -> String {
    let digest = SHA256Digest()
    // 3: the verdict's code by its identity (the job key no longer hashes the executable).
    digest.update(field: "expandable-preview golden key 3")
    digest.update(field: JobKey.of(job, in: context))
    digest.update(field: context.verdict)
    KeyFields.write(diff, to: digest)
    // What decides a pass is part of the verdict a key stands for.
    digest.update(field: compare.rawValue)
    return digest.hex()
  }

  /// The record in `folder`; empty when there is none or it is not readable as the tool's.
  package static func read(in folder: URL) -> GoldenKeyRecord {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)),
      let record = try? JSONDecoder().decode(GoldenKeyRecord.self, from: data),
      record.generator == generatorMark
    else { return GoldenKeyRecord() }
    return record
  }

  /// Whether the golden at `path` has the recorded `key` and its file still the recorded bytes.
  func isUnchanged(_ path: String, key: String, in folder: URL) -> Bool {
    guard let entry = goldens[path], entry.key == key,
      let data = try? Data(contentsOf: folder.appendingPathComponent(path))
    else { return false }
    return SHA256Digest.hex(of: data) == entry.sha256
  }

  /// Merges `changes` (nil removes an entry) into the folder's record under the folder's lock,
  /// so shards verifying into one folder each add their own goldens and the union is a whole
  /// run's; entries of `removed` goldens (pruned) go too. Written atomically.
  package static func merge(_ changes: [String: Entry?], removing removed: [String], in folder: URL)
    throws
  {
    guard FileManager.default.fileExists(atPath: folder.path) else { return }
    try FolderLock.withLock(folder) {
      var record = read(in: folder)
      for (path, entry) in changes { record.goldens[path] = entry }
      for path in removed { record.goldens[path] = nil }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      try AtomicFile.write(try encoder.encode(record), to: folder.appendingPathComponent(fileName))
    }
  }
}

extension KeyFields {
  /// The diff options field by field (`GoldenKeyTests` lists their fields by `Mirror`).
  static func write(_ diff: DiffOptions, to digest: SHA256Digest) {
    digest.update(name: "diff")
    write("threshold", diff.threshold, to: digest)
    write("maxDiffPixels", diff.maxDiffPixels, to: digest)
    write("maxDiffRatio", diff.maxDiffRatio, to: digest)
    write("countsAntialiasing", diff.countsAntialiasing, to: digest)
  }
}

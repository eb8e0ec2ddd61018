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
package struct GoldenKeyRecord: ToolRecord, Sendable {
  package static let fileName = ".expandable-preview-golden-keys.json"
  static let title = "golden key record"
  static let generatorMark = "expandable-preview golden keys"
  static let currentVersion = 1

  package struct Entry: Codable, Sendable, Equatable {
    var key: String
    var sha256: String
  }

  var generator = generatorMark
  var version = currentVersion
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

  /// The most bytes the record is read to (a million goldens' entries fit).
  static let maxBytes = 256 << 20
  /// The most bytes a golden is hashed to, 1 MiB at a time: a larger one counts as changed.
  static let maxGoldenBytes = 1 << 30

  /// The record in `folder`; empty when there is none or it is not readable as the tool's
  /// (read through ``BoundedFile``: a regular file, never through a link, at most `maxBytes`).
  package static func read(in folder: URL) -> GoldenKeyRecord {
    guard let handle = try? FolderHandle(path: folder.path) else { return GoldenKeyRecord() }
    return own(in: handle) ?? GoldenKeyRecord()
  }

  /// Whether the golden at `path` has the recorded `key` and its file still the recorded bytes.
  func isUnchanged(_ path: String, key: String, in store: GoldenStore) -> Bool {
    guard let entry = goldens[path], entry.key == key,
      let hash = Self.hash(ofGolden: path, in: store)
    else { return false }
    return hash == entry.sha256
  }

  /// The SHA-256 of the golden at `path` in `store`: its lock line's in a locked folder (no
  /// golden is read), else its file's.
  static func hash(ofGolden path: String, in store: GoldenStore) -> String? {
    store.isLocked
      ? store.lockedDigest(ofGolden: path) : hash(ofGolden: path, in: store.directory)
  }

  /// The SHA-256 of the golden at `path` (relative to `folder`), read 1 MiB at a time through
  /// folders opened without following links, a regular file of at most ``maxGoldenBytes``;
  /// nil when it is not such a file. No folder is created.
  static func hash(ofGolden path: String, in folder: URL) -> String? {
    let parts = path.split(separator: "/").map(String.init)
    guard let name = parts.last, var handle = try? FolderHandle(path: folder.path) else {
      return nil
    }
    for part in parts.dropLast() {
      guard let next = try? handle.subfolder(part, create: false) else { return nil }
      handle = next
    }
    let digest = SHA256Digest()
    guard handle.stream(ofFile: name, maxBytes: maxGoldenBytes, digest.update) != nil else {
      return nil
    }
    return digest.hex()
  }

  /// Merges `changes` (nil removes an entry) into the folder's record under the folder's lock,
  /// so shards verifying into one folder each add their own goldens and the union is a whole
  /// run's; entries of `removed` goldens (pruned) go too. Written atomically, and only when
  /// an entry changed: a run that learns and forgets nothing leaves the file as it is.
  package static func merge(_ changes: [String: Entry?], removing removed: [String], in folder: URL)
    throws
  {
    guard FileManager.default.fileExists(atPath: folder.path) else { return }
    try FolderLock.withLock(folder) {
      var record = read(in: folder)
      let known = record.goldens
      for (path, entry) in changes { record.goldens[path] = entry }
      for path in removed { record.goldens[path] = nil }
      guard record.goldens != known else { return }
      try record.write(in: try FolderHandle(path: folder.path))
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

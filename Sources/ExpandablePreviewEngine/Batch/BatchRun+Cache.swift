import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension BatchRun {
  /// Takes `job`'s files from the shared cache when it has them all, checked, and writes them
  /// into `itemFolder` as a render would (atomically, by the same names); nil when there is no
  /// cache, `--force` is given, or the cache has no usable entry (the job is then rendered).
  /// With `--strict`, an animation the cache holds as one frame is rendered, so that it fails
  /// here as it would without a cache.
  func jobFromCache(_ job: RenderJob, key: String, into itemFolder: FolderHandle) throws
    -> JobDone?
  {
    guard !force, let cache, let cached = cache.cachedFiles(of: job, key: key),
      !(strict && cached.stillAnimation)
    else { return nil }
    for (name, bytes) in cached.files { try itemFolder.write(bytes, to: name) }
    return JobDone(
      layout: cached.layout, isStillAnimation: cached.stillAnimation,
      entry: RenderRecord.Entry(
        job, key: key, files: cached.files, stillAnimation: cached.stillAnimation),
      fromCache: true)
  }
}

extension RenderRecord.Entry {
  /// The record's entry of `job` (key `key`) having written `files` (by name in its item's
  /// folder) just now: no stamps yet.
  init(_ job: RenderJob, key: String, files: [(name: String, bytes: Data)], stillAnimation: Bool) {
    self.init(
      key: key,
      files: Dictionary(
        files.map { ("\(job.itemName)/\($0.name)", SHA256Digest.hex(of: $0.bytes)) },
        uniquingKeysWith: { first, _ in first }),
      stillAnimation: stillAnimation)
  }
}

import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension RemoteCache {
  /// The files of every one of `jobs` (with `keys`, in the plan's order) from the plan's
  /// bundle (``PlanBundle``): two requests for the whole plan, every byte checked against its
  /// file's digest. Nil on a miss, or when the bundle or its blob is not usable: then one
  /// warning names the bundle's key and the jobs are asked one by one (and rendered here when
  /// the cache lacks them). Nothing is written: the caller writes only what this returns.
  func bundledFiles(of jobs: [RenderJob], keys: [String]) -> [CachedJobFiles]? {
    let actionKey = PlanBundle.actionKey(of: jobs, keys: keys)
    let bundle: PlanBundle
    switch get(.ac, actionKey, maxBytes: PlanBundle.maxBytes) {
    case .miss: return nil
    case .tooLarge:
      return refuseBundle(actionKey, "the entry is larger than \(PlanBundle.maxBytes) bytes")
    case .hit(let data):
      guard let decoded = PlanBundle.decode(data, jobs: jobs, keys: keys) else {
        return refuseBundle(
          actionKey, "it is not an expandable-preview bundle of this plan's jobs and files")
      }
      bundle = decoded
    }
    switch get(.cas, bundle.blob, maxBytes: bundle.size) {
    case .miss:
      return isDown ? nil : refuseBundle(actionKey, "blob \(bundle.blob) is missing")
    case .tooLarge:
      return refuseBundle(actionKey, "blob \(bundle.blob) does not have the files' digests")
    case .hit(let blob):
      guard let files = bundle.files(in: blob) else {
        return refuseBundle(actionKey, "blob \(bundle.blob) does not have the files' digests")
      }
      for (job, done) in zip(jobs, files) {
        if let why = done.implausibility(for: job) { return refuseBundle(actionKey, why) }
      }
      return files
    }
  }

  /// Uploads the bundle of `jobs` (with `keys`): `files[i]` is job `i`'s files and layout
  /// part. The blob first, then the entry naming it. Nothing when read-only, down, or when the
  /// files exceed the blob's bound.
  func storeBundle(of jobs: [RenderJob], keys: [String], files: [CachedJobFiles]) {
    guard !settings.readOnly, !isDown, jobs.count == files.count else { return }
    var blob = Data()
    var listed: [PlanBundle.Job] = []
    listed.reserveCapacity(jobs.count)
    for (job, done) in zip(jobs, files) {
      // The blob holds each job's files in the order of their names, then its layout part.
      let sorted = done.files.sorted { $0.name < $1.name }
      for file in sorted { blob.append(file.bytes) }
      blob.append(done.layoutPart)
      guard blob.count <= PlanBundle.maxBlobBytes else { return }
      listed.append(
        .init(
          path: job.relativePath, key: keys[listed.count],
          files: sorted.map { .init(name: $0.name, sha256: $0.sha256, size: $0.bytes.count) },
          stillAnimation: done.stillAnimation,
          layout: .init(
            sha256: SHA256Digest.hex(of: done.layoutPart), size: done.layoutPart.count)))
    }
    let digest = SHA256Digest.hex(of: blob)
    let bundle = PlanBundle(blob: digest, size: blob.count, jobs: listed)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(bundle), data.count <= PlanBundle.maxBytes else { return }
    put(.cas, digest, blob)
    put(.ac, PlanBundle.actionKey(of: jobs, keys: keys), data)
  }

  /// Warns once that the bundle `key` was not used and why; always nil.
  private func refuseBundle(_ key: String, _ why: String) -> [CachedJobFiles]? {
    warn(
      "the cache's bundle for plan key \(key) was not used: \(why); its jobs were asked one "
        + "by one")
    return nil
  }
}

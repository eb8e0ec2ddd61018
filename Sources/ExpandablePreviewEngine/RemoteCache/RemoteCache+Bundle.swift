import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension RemoteCache {
  /// Writes the files of `jobs` (with `keys`, in the plan's order) into `output` from the
  /// plan's bundle (``PlanBundle``): two requests for the whole plan, the blob streamed and
  /// never held, every byte checked against its file's digest before the file gets its name
  /// (``BundleWriter``; `writes` says which jobs to write). Each job written, by index (nil
  /// for a job not written); nil on a miss, or when the bundle or its blob is not usable: then
  /// one warning names the bundle's key and the jobs are asked one by one (and rendered here
  /// when the cache lacks them). Files written before a wrong byte was found had their
  /// digests: a run that then does their jobs writes them again.
  func bundledFiles(
    of jobs: [RenderJob], keys: [String], into output: FolderHandle,
    writes: @escaping (_ index: Int, _ stillAnimation: Bool) -> Bool
  ) -> [BundledJob?]? {
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
    let writer = BundleWriter(bundle, of: jobs, into: output, writes: writes)
    switch stream(bundle.blob, maxBytes: bundle.size, writer.consume) {
    case .miss:
      return isDown ? nil : refuseBundle(actionKey, "blob \(bundle.blob) is missing")
    case .tooLarge:
      return refuseBundle(actionKey, "blob \(bundle.blob) does not have the files' digests")
    case .read:
      if let why = writer.failure { return refuseBundle(actionKey, why) }
      guard writer.isComplete else {
        return refuseBundle(actionKey, "blob \(bundle.blob) does not have the files' digests")
      }
      return writer.written
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
  private func refuseBundle(_ key: String, _ why: String) -> [BundledJob?]? {
    warn(
      "the cache's bundle for plan key \(key) was not used: \(why); its jobs were asked one "
        + "by one")
    return nil
  }
}

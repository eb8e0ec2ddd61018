import ExpandablePreview
import Foundation

/// A job's files as the cache had them, every blob checked against its digest and size.
struct CachedJobFiles: Sendable {
  var files: [(name: String, bytes: Data)]
  var layout: FileLayout
  var stillAnimation: Bool
}

extension RemoteCache {
  /// The files of `job` (key `key`) from the cache, each blob's SHA-256 and size checked; nil
  /// on a miss, or when the entry or a blob is not usable: then one warning names the key and
  /// the job renders here. Nothing is written: the caller writes only what this returns.
  func cachedFiles(of job: RenderJob, key: String) -> CachedJobFiles? {
    let actionKey = CachedJobEntry.actionKey(ofJobKey: key)
    let entry: CachedJobEntry
    switch get(.ac, actionKey, maxBytes: CachedJobEntry.maxBytes) {
    case .miss: return nil
    case .tooLarge: return refuse(job, key: key, .tooLarge)
    case .hit(let data):
      switch CachedJobEntry.decode(data, expecting: job.writtenNames) {
      case .failure(let problem): return refuse(job, key: key, problem)
      case .success(let decoded): entry = decoded
      }
    }
    var files: [(name: String, bytes: Data)] = []
    for file in entry.files.sorted(by: { $0.name < $1.name }) {
      switch get(.cas, file.sha256, maxBytes: file.size) {
      case .miss:
        // A cache that went down mid-job said so once; a missing blob is this entry's fault.
        return isDown ? nil : refuse(job, key: key, .missingBlob(file.sha256))
      case .tooLarge: return refuse(job, key: key, .wrongBlob(file.sha256))
      case .hit(let bytes):
        guard bytes.count == file.size, SHA256Digest.hex(of: bytes) == file.sha256 else {
          return refuse(job, key: key, .wrongBlob(file.sha256))
        }
        files.append((file.name, bytes))
      }
    }
    return CachedJobFiles(files: files, layout: entry.layout, stillAnimation: entry.stillAnimation)
  }

  /// Uploads `rendered` (the files of `job`, key `key`): the blobs the cache lacks, then the
  /// entry naming them, so that an entry is never there before its blobs. Nothing when
  /// read-only or down.
  func store(_ rendered: JobRenderer.Files, of job: RenderJob, key: String) {
    guard !settings.readOnly, !isDown else { return }
    var files: [CachedJobEntry.File] = []
    for (_, name, bytes) in rendered.files {
      let digest = SHA256Digest.hex(of: bytes)
      if !has(.cas, digest) { put(.cas, digest, bytes) }
      files.append(.init(name: name, sha256: digest, size: bytes.count))
    }
    let entry = CachedJobEntry(
      files: files.sorted { $0.name < $1.name },
      stillAnimation: rendered.layout.isStillAnimation, layout: rendered.layout)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(entry), data.count <= CachedJobEntry.maxBytes else {
      return
    }
    put(.ac, CachedJobEntry.actionKey(ofJobKey: key), data)
  }

  /// Warns once that the entry of `key` was not used and why; always nil.
  private func refuse(_ job: RenderJob, key: String, _ problem: CachedJobEntry.Problem)
    -> CachedJobFiles?
  {
    warn(
      "the cache's entry for job key \(key) (\(job.relativePath)) was not used: "
        + "\(problem.words); rendered here")
    return nil
  }
}

extension RenderJob {
  /// The names of the files the job writes in its item's folder.
  var writtenNames: Set<String> {
    Set([file] + moreFiles.map(\.file) + (overlayFile.map { [$0] } ?? []))
  }
}

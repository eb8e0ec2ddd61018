import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// A job's files as the cache had them, every blob checked against its digest and size.
struct CachedJobFiles: Sendable {
  struct File: Sendable {
    var name: String
    /// The digest the bytes were checked against: the one the record keeps.
    var sha256: String
    var bytes: Data
  }

  var files: [File]
  /// The job's part of its item's `layout.json`, as written (``LayoutReportFragments``).
  var layoutPart: Data
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
      switch CachedJobEntry.decode(data, for: job) {
      case .failure(let problem): return refuse(job, key: key, problem)
      case .success(let decoded): entry = decoded
      }
    }
    var files: [CachedJobFiles.File] = []
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
        files.append(.init(name: file.name, sha256: file.sha256, bytes: bytes))
      }
    }
    guard let part = try? LayoutReportFragments.fragment(of: .init(job, layout: entry.layout))
    else { return refuse(job, key: key, .malformed) }
    return CachedJobFiles(files: files, layoutPart: part, stillAnimation: entry.stillAnimation)
  }

  /// Uploads `files` (those of `job`, key `key`, with their SHA-256 computed once by the
  /// caller) and `layout`: the blobs, then the entry naming them, so that an entry is never
  /// there before its blobs. No `HEAD` first: a blob's address is its digest, so writing one
  /// that is there already changes nothing, and asking first cost a request per file. Nothing
  /// when read-only or down.
  func store(_ files: [CachedJobFiles.File], layout: FileLayout, of job: RenderJob, key: String) {
    guard !settings.readOnly, !isDown else { return }
    for file in files { put(.cas, file.sha256, file.bytes) }
    let entry = CachedJobEntry(
      files: files.map { .init(name: $0.name, sha256: $0.sha256, size: $0.bytes.count) }
        .sorted { $0.name < $1.name },
      stillAnimation: layout.isStillAnimation, layout: layout)
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
    notUsed(
      "job entries",
      "the cache's entry for job key \(key) (\(job.relativePath)) was not used: "
        + "\(problem.words); rendered here")
    return nil
  }
}

extension RenderJob {
  /// The names of the files the job writes in its item's folder.
  var writtenNames: Set<String> { Set(writtenFormats.keys) }

  /// The format of each file the job writes in its item's folder, by name (the overlay is a
  /// PNG).
  var writtenFormats: [String: OutputFormat] {
    var formats = Dictionary(files.map { ($0.file, $0.format) }) { first, _ in first }
    if let overlayFile { formats[overlayFile] = .png }
    return formats
  }
}

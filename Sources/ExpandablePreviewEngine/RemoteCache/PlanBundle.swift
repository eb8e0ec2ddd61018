import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// A whole plan's results in the action cache, as JSON: each job (its first file's path, its
/// key and its ``CachedJobEntry``), and one blob in `cas/` holding every file's bytes, one
/// after another in the jobs' order. A runner with an empty output folder takes a plan of
/// thousands of jobs in two requests instead of two per job.
///
/// The blob's bytes are trusted slice by slice: each file's slice must have the file's SHA-256
/// and the slices must fill the blob exactly, so every byte is checked against a digest once
/// and that digest is the one the runner records. Its key covers every job's path and key in
/// order, so an entry can only be found for the very same plan.
struct PlanBundle: Codable, Sendable {
  static let generatorMark = "expandable-preview plan bundle"
  static let currentVersion = 1
  /// Plans with fewer jobs use the jobs' own entries only: a few requests per job cost little
  /// there, and a job's entry is shared with any other plan holding that job.
  static let minimumJobs = 32
  /// The largest bundle entry read (its jobs' layout parts: about a kilobyte a job).
  static let maxBytes = 64 << 20
  /// The largest bundle blob read or written.
  static let maxBlobBytes = 1 << 29

  struct Job: Codable, Sendable {
    /// The job's first file, relative to the output folder (``RenderJob/relativePath``).
    var path: String
    var key: String
    var entry: CachedJobEntry
  }

  var generator = generatorMark
  var version = currentVersion
  /// The SHA-256 and size of the blob holding every file's bytes.
  var blob: String
  var size: Int
  var jobs: [Job]

  /// The action-cache key of the bundle of `jobs` with `keys` (in the plan's order).
  static func actionKey(of jobs: [RenderJob], keys: [String]) -> String {
    let digest = SHA256Digest()
    digest.update(field: "expandable-preview plan bundle \(currentVersion)")
    digest.update(integer: UInt64(jobs.count))
    for (job, key) in zip(jobs, keys) {
      digest.update(field: job.relativePath)
      digest.update(field: key)
    }
    return digest.hex()
  }

  /// The bundle in `data` when it is the tool's, of this version, lists exactly `jobs` with
  /// `keys` in order, each entry naming the files its job writes, and its sizes add up to the
  /// blob's; nil otherwise.
  static func decode(_ data: Data, jobs: [RenderJob], keys: [String]) -> PlanBundle? {
    guard let bundle = try? JSONDecoder().decode(Self.self, from: data),
      bundle.generator == generatorMark, bundle.version == currentVersion,
      CachedJobEntry.isDigest(bundle.blob), (0...maxBlobBytes).contains(bundle.size),
      bundle.jobs.count == jobs.count
    else { return nil }
    var total = 0
    for (index, listed) in bundle.jobs.enumerated() {
      guard listed.path == jobs[index].relativePath, listed.key == keys[index],
        case .success = listed.entry.validated(expecting: jobs[index].writtenNames)
      else { return nil }
      total += listed.entry.files.reduce(0) { $0 + $1.size }
    }
    return total == bundle.size ? bundle : nil
  }

  /// Each job's files cut from `blob`, each slice checked against its file's SHA-256 and the
  /// slices filling the blob exactly; nil when a byte does not match.
  func files(in blob: Data) -> [CachedJobFiles]? {
    guard blob.count == size else { return nil }
    var offset = blob.startIndex
    var result: [CachedJobFiles] = []
    result.reserveCapacity(jobs.count)
    for job in jobs {
      var files: [CachedJobFiles.File] = []
      for file in job.entry.files {
        let bytes = blob[offset..<offset + file.size]
        guard SHA256Digest.hex(of: bytes) == file.sha256 else { return nil }
        files.append(.init(name: file.name, sha256: file.sha256, bytes: Data(bytes)))
        offset += file.size
      }
      result.append(
        CachedJobFiles(
          files: files, layout: job.entry.layout, stillAnimation: job.entry.stillAnimation))
    }
    return offset == blob.endIndex ? result : nil
  }
}

import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// A whole plan's results in the action cache, as JSON: each job (its first file's path, its
/// key, its files' digests and sizes, whether it is an animation written as one frame, and the
/// digest and size of its part of `layout.json`), and one blob in `cas/` holding, job after
/// job in the plan's order, each job's files and then its `layout.json` part as written. A
/// runner with an empty output folder takes a plan of thousands of jobs in two requests
/// instead of two per job, and writes the layout parts as the bytes they are instead of
/// decoding and encoding each job's layout again.
///
/// The blob's bytes are trusted slice by slice as it streams in (``BundleWriter``): each file's
/// and each layout part's slice must have its SHA-256 and the slices must fill the blob
/// exactly, so every byte is checked against a digest once and that digest is the one the
/// runner records; a file gets its name only once its job's slices all matched. A layout part is
/// trusted as a file is (its bytes are the writer's, checked against the digest the entry
/// names), and must have the shape of one: the indented `{` … `}` of a render. Its key covers
/// every job's path and key in order, so an entry can only be found for the very same plan.
struct PlanBundle: Codable, Sendable {
  static let generatorMark = "expandable-preview plan bundle"
  /// 2: layout parts are bytes in the blob (1 held each job's layout as a value in the entry).
  static let currentVersion = 2
  /// Plans with fewer jobs use the jobs' own entries only: a few requests per job cost little
  /// there, and a job's entry is shared with any other plan holding that job.
  static let minimumJobs = 32
  /// The largest bundle entry read (about 300 bytes a job).
  static let maxBytes = 64 << 20
  /// The largest bundle blob read or written.
  static let maxBlobBytes = 1 << 29

  /// A slice of the blob: its SHA-256 and size.
  struct Slice: Codable, Sendable {
    var sha256: String
    var size: Int
  }

  struct Job: Codable, Sendable {
    /// The job's first file, relative to the output folder (``RenderJob/relativePath``).
    var path: String
    var key: String
    /// Sorted by name, as their slices follow one another in the blob.
    var files: [CachedJobEntry.File]
    var stillAnimation: Bool
    /// The job's part of its item's `layout.json`: the slice after its files.
    var layout: Slice
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
  /// `keys` in order, each naming the files its job writes with well-formed digests and sizes
  /// within their bounds, and its sizes add up to the blob's; nil otherwise.
  static func decode(_ data: Data, jobs: [RenderJob], keys: [String]) -> PlanBundle? {
    guard let bundle = try? JSONDecoder().decode(Self.self, from: data),
      bundle.generator == generatorMark, bundle.version == currentVersion,
      CachedJobEntry.isDigest(bundle.blob), (0...maxBlobBytes).contains(bundle.size),
      bundle.jobs.count == jobs.count
    else { return nil }
    var total = 0
    for (index, listed) in bundle.jobs.enumerated() {
      let names = jobs[index].writtenNames
      guard listed.path == jobs[index].relativePath, listed.key == keys[index],
        Set(listed.files.map(\.name)) == names, listed.files.count == names.count,
        listed.files.allSatisfy({
          CachedJobEntry.isDigest($0.sha256) && (0...CachedJobEntry.maxBlobBytes).contains($0.size)
        }),
        CachedJobEntry.isDigest(listed.layout.sha256),
        (0...CachedJobEntry.maxBytes).contains(listed.layout.size)
      else { return nil }
      total += listed.files.reduce(listed.layout.size) { $0 + $1.size }
    }
    return total == bundle.size ? bundle : nil
  }
}

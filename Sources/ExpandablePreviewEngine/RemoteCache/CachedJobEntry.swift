import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// A render job's result in the action cache, as JSON: each file it writes (its name in the
/// item's folder, the SHA-256 and size of its bytes, which are a blob in `cas/`), whether it is
/// an animation written as one frame, and its part of `layout.json` (``FileLayout``).
///
/// JSON, not a Bazel `ActionResult` protobuf: the layout part has no field in an
/// `ActionResult`, the package has no protobuf library, and nginx or any WebDAV store keeps
/// whatever it is given (bazel-remote needs `--disable_http_ac_validation`).
struct CachedJobEntry: Codable, Sendable {
  static let generatorMark = "expandable-preview cache entry"
  /// 2: the layout part in layout schema 2 (`LayoutSchema`); an entry of 1 is never asked
  /// for, as the version is part of the action key.
  static let currentVersion = 2
  /// The largest entry read; a longer one is ignored. An animation's layout part with its
  /// frames is some tens of kilobytes.
  static let maxBytes = 1 << 20
  /// The largest blob a bundle may list for a job (a PNG, APNG, SVG or PDF); a job's own
  /// entry is held to what its layout's canvas can take (``FileLayout/maxBytes(of:)``).
  static let maxBlobBytes = 1 << 28

  struct File: Codable, Sendable, Equatable {
    /// The file's name in its item's folder (`collapsed@2x.png`).
    var name: String
    var sha256: String
    var size: Int
  }

  var generator = generatorMark
  var version = currentVersion
  var files: [File]
  var stillAnimation: Bool
  var layout: FileLayout

  /// The action-cache key of a job's entry: its job key under this use's own name, so that
  /// other kinds of entries (``GoldenPassFact``) and other tools sharing the cache never meet it.
  static func actionKey(ofJobKey key: String) -> String {
    let digest = SHA256Digest()
    digest.update(field: "expandable-preview render entry \(currentVersion)")
    digest.update(field: key)
    return digest.hex()
  }

  /// The entry in `data` when it is the tool's, of this version, names exactly the files
  /// `job` writes with well-formed digests and sizes within what its canvas can take, and its
  /// layout is one `job` could have; nil otherwise (with why).
  static func decode(_ data: Data, for job: RenderJob) -> Result<Self, Problem> {
    guard let entry = try? JSONDecoder().decode(Self.self, from: data) else {
      return .failure(.malformed)
    }
    return entry.validated(for: job)
  }

  /// This entry when it is the tool's, of this version, names exactly the files `job` writes
  /// with well-formed digests and sizes within the bounds, and has a plausible layout (as
  /// ``decode(_:for:)``).
  func validated(for job: RenderJob) -> Result<Self, Problem> {
    guard generator == Self.generatorMark, version == Self.currentVersion else {
      return .failure(.malformed)
    }
    let formats = job.writtenFormats
    guard Set(files.map(\.name)) == Set(formats.keys), files.count == formats.count,
      files.allSatisfy({ Self.isDigest($0.sha256) && $0.size >= 0 })
    else { return .failure(.otherFiles) }
    if let why = layout.implausibility(for: job) { return .failure(.implausible(why)) }
    for file in files where file.size > layout.maxBytes(of: formats[file.name]!) {
      return .failure(.tooLargeBlob(file.name))
    }
    return .success(self)
  }

  /// Why an entry or a blob was not used.
  enum Problem: Error, Equatable {
    case malformed
    case tooLarge
    case otherFiles
    case missingBlob(String)
    case wrongBlob(String)
    /// Its layout is not one the job could have (why).
    case implausible(String)
    /// It names a file larger than the job's canvas can take.
    case tooLargeBlob(String)

    var words: String {
      switch self {
      case .malformed: "the entry is not an expandable-preview cache entry"
      case .tooLarge: "the entry is larger than \(CachedJobEntry.maxBytes) bytes"
      case .otherFiles: "the entry names other files than the job writes"
      case .missingBlob(let digest): "blob \(digest) is missing"
      case .wrongBlob(let digest): "blob \(digest) does not have that digest and size"
      case .implausible(let why): "its layout is not one this job can have: \(why)"
      case .tooLargeBlob(let name): "it names a \(name) larger than this job's image can be"
      }
    }
  }

  /// 64 lowercase hexadecimal digits.
  static func isDigest(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}

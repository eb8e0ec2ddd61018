import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The fact "a render with golden key K matched the golden file with SHA-256 H", kept in the
/// action cache by a runner that may write, so that `verify --changed` on any runner passes a
/// golden with that key and those bytes as "unchanged (key)" without rendering: the local
/// ``GoldenKeyRecord``, fleet-wide. Its action key is derived from both, so an entry can only
/// say what its key says; its body repeats them, and one that does not is not used.
struct GoldenPassFact: Codable, Sendable, Equatable {
  static let generatorMark = "expandable-preview golden pass"
  static let maxBytes = 4096

  var generator = generatorMark
  var version = 1
  var goldenKey: String
  var golden: String

  /// The action-cache key of the fact for golden key `key` and golden file hash `golden`.
  static func actionKey(goldenKey key: String, golden: String) -> String {
    let digest = SHA256Digest()
    digest.update(field: "expandable-preview golden pass 1")
    digest.update(field: key)
    digest.update(field: golden)
    return digest.hex()
  }
}

extension RemoteCache {
  /// Whether a writing runner recorded that golden key `key` matched a golden of SHA-256
  /// `golden`. An entry that is not such a fact for these two is not used (one warning).
  func hasPass(goldenKey key: String, golden: String, path: String) -> Bool {
    switch get(
      .ac, GoldenPassFact.actionKey(goldenKey: key, golden: golden),
      maxBytes: GoldenPassFact.maxBytes)
    {
    case .miss: return false
    case .tooLarge:
      notUsed(
        "golden passes",
        "the cache's pass for golden key \(key) (\(path)) was not used: it is too large")
      return false
    case .hit(let data):
      guard let fact = try? JSONDecoder().decode(GoldenPassFact.self, from: data),
        fact == GoldenPassFact(goldenKey: key, golden: golden)
      else {
        notUsed(
          "golden passes",
          "the cache's pass for golden key \(key) (\(path)) was not used: it is not an "
            + "expandable-preview golden pass for that key and golden")
        return false
      }
      return true
    }
  }

  /// Records that golden key `key` matched a golden of SHA-256 `golden` (unless read-only).
  func storePass(goldenKey key: String, golden: String) {
    guard !settings.readOnly else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(GoldenPassFact(goldenKey: key, golden: golden)) else {
      return
    }
    put(.ac, GoldenPassFact.actionKey(goldenKey: key, golden: golden), data)
  }
}

import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The font check of a list of items against one pinned font set, kept in the action cache by
/// a runner that built the set's configuration without error and checked them: the local
/// ``FontCheckRecord``, fleet-wide. A runner whose own folder has no record (an empty output
/// folder fed by the cache) takes the messages from here instead of building the configuration
/// (reading the standard set's 93 MB of font files), which a run that renders nothing here
/// would build for the check alone.
///
/// Its action key covers the set's key (``FontCheckKeys/setKey(of:hashes:renderer:libraries:)``:
/// the renderer's identity, the libraries and every font file's content) and each item's key in
/// order, and its body repeats them: an entry can only say what its key says, and one that
/// does not is not used. Its messages are printed as warnings (errors with `--strict`), so they
/// are trusted as the local record's are, and one with a control character is not used.
struct FontCheckFact: Codable, Sendable, Equatable {
  static let generatorMark = "expandable-preview font check"
  static let currentVersion = 1
  /// The largest fact read for `items` items: a check says a few hundred bytes an item, so
  /// 4 KiB an item (and 4 KiB more) is far beyond any; a larger one is not read.
  static func maxBytes(items: Int) -> Int { 4096 * (items + 1) }
  /// The longest message used: a check's message names an item, a family or a few
  /// characters; a longer one (printed, and kept in the folder's record) is not used.
  static let maxMessageBytes = 1024

  var generator = generatorMark
  var version = currentVersion
  /// The key of the set whose configuration was built without error.
  var setKey: String
  /// Each item's check (its key and messages), in the order asked.
  var items: [FontCheckRecord.Entry]

  /// The action-cache key of the check of the items of `itemKeys` (in order) with the set of
  /// `setKey`.
  static func actionKey(setKey: String, itemKeys: [String]) -> String {
    let digest = SHA256Digest()
    digest.update(field: "expandable-preview font check \(currentVersion)")
    digest.update(field: setKey)
    digest.update(integer: UInt64(itemKeys.count))
    for key in itemKeys { digest.update(field: key) }
    return digest.hex()
  }

  /// Whether this is the tool's fact, of this version, for exactly `setKey` and `itemKeys`,
  /// with messages free of control characters and within ``maxMessageBytes``.
  func answers(setKey: String, itemKeys: [String]) -> Bool {
    generator == Self.generatorMark && version == Self.currentVersion && self.setKey == setKey
      && items.map(\.key) == itemKeys
      && items.allSatisfy { item in
        item.problems.allSatisfy {
          $0.utf8.count <= Self.maxMessageBytes
            && !$0.unicodeScalars.contains(where: \.properties.isControl)
        }
      }
  }
}

extension Unicode.Scalar.Properties {
  /// A C0 or C1 control character (general category Cc).
  fileprivate var isControl: Bool { generalCategory == .control }
}

extension RemoteCache {
  /// Each item's font-check messages (by the order of `itemKeys`) as a runner that built the
  /// set of `setKey` found them; nil on a miss, or when the entry is not such a fact (one
  /// warning names its key).
  func fontCheck(setKey: String, itemKeys: [String]) -> [[String]]? {
    let actionKey = FontCheckFact.actionKey(setKey: setKey, itemKeys: itemKeys)
    switch get(.ac, actionKey, maxBytes: FontCheckFact.maxBytes(items: itemKeys.count)) {
    case .miss: return nil
    case .tooLarge:
      warn("the cache's font check \(actionKey) was not used: it is too large; checked here")
      return nil
    case .hit(let data):
      guard let fact = try? JSONDecoder().decode(FontCheckFact.self, from: data),
        fact.answers(setKey: setKey, itemKeys: itemKeys)
      else {
        warn(
          "the cache's font check \(actionKey) was not used: it is not an expandable-preview "
            + "font check of these items; checked here")
        return nil
      }
      return fact.items.map(\.problems)
    }
  }

  /// Keeps `items`' check (in order) with the set of `setKey`, whose configuration this run
  /// built without error (unless read-only or down).
  func storeFontCheck(setKey: String, items: [FontCheckRecord.Entry]) {
    guard !settings.readOnly, !isDown else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let fact = FontCheckFact(setKey: setKey, items: items)
    guard let data = try? encoder.encode(fact),
      data.count <= FontCheckFact.maxBytes(items: items.count),
      fact.answers(setKey: setKey, itemKeys: items.map(\.key))
    else {
      return
    }
    put(.ac, FontCheckFact.actionKey(setKey: setKey, itemKeys: items.map(\.key)), data)
  }
}

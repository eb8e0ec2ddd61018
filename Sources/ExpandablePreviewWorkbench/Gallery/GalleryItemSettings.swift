import ExpandablePreview
import ExpandablePreviewEngine

/// One file of a gallery item as the playground's text and flags ("open in the playground"):
/// the item's settings as the manifest wrote them (its own over `defaults`, labels and the
/// animation field by field), each written as the text of its `render --text` flag, and the
/// file's variant as the flags of its axes. The playground reads the flags back through the
/// manifest's reader, so it renders the gallery's image; a field no flag sets is named in
/// ``leftOut`` instead.
struct GalleryItemSettings: Sendable, Encodable, Equatable {
  var text: String
  /// `[flag, value]` pairs as the page sends them.
  var flags: [[String]]
  /// Manifest key paths the playground has no control for (`collapseButton.color`).
  var leftOut: [String]

  /// The keys that choose files, not how an image looks.
  static let notDrawn: Set<String> = ["formats", "states"]

  init(item: ManifestItem, node: JSONNode, defaults: JSONNode?, job: RenderJob) {
    text = item.text
    var flags: [(String, String)] = []
    var leftOut: [String] = []
    let own = Self.members(node)
    let base = defaults.map(Self.members) ?? [:]
    for setting in ComponentSettings.table {
      guard let value = Self.merged(base[setting.key], own[setting.key], key: setting.key)
      else { continue }
      if Self.notDrawn.contains(setting.key) { continue }
      if let flag = setting.flags.first(where: { $0.path == setting.key }) {
        if let text = Self.flagText(value, flag: flag) {
          flags.append((flag.name, text))
        } else if case .bool(false) = value.value {
          continue
        } else {
          leftOut.append(setting.key)
        }
        continue
      }
      switch value.value {
      case .null:
        // `--less null` removes the collapse label; no animation is the playground's default.
        if let flag = setting.flags.first(where: { $0.path == setting.key + ".text" }) {
          flags.append((flag.name, "null"))
        }
      case .object(let fields):
        for field in fields {
          let path = setting.key + "." + field.key
          if let flag = setting.flags.first(where: { $0.path == path }),
            let text = Self.flagText(field.value, flag: flag)
          {
            flags.append((flag.name, text))
          } else {
            leftOut.append(path)
          }
        }
      default:
        leftOut.append(setting.key)
      }
    }
    // The file's variant: its value on every axis, over what the settings said.
    let axes = job.variantFlags.map { ($0.name, $0.text) }
    flags.removeAll { flag in axes.contains { $0.0 == flag.0 } }
    self.flags = (flags + axes).map { [$0.0, $0.1] }
    self.leftOut = leftOut
  }

  private static func members(_ node: JSONNode) -> [String: JSONNode] {
    guard case .object(let members) = node.value else { return [:] }
    return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  /// `own` over `base` as the manifest merges them: a label or the animation field by field
  /// (a string stands for its `text` or `curve`), anything else replaced whole.
  private static func merged(_ base: JSONNode?, _ own: JSONNode?, key: String) -> JSONNode? {
    let shorthand = ["expandButton": "text", "collapseButton": "text", "animation": "curve"]
    guard let field = shorthand[key] else { return own ?? base }
    func object(_ node: JSONNode?) -> [JSONNode.Member]? {
      // A string stands for its `text` or `curve` field.
      switch node?.value {
      case .object(let members): members
      case .string: [.init(key: field, keyOffset: 0, value: node!)]
      default: nil
      }
    }
    // `null` (or another value the reader refuses) replaces whole; so does anything over it.
    if let own, object(own) == nil { return own }
    guard let baseFields = object(base) else {
      // Nothing to merge with: the item's own value, a string written as its object.
      return own.flatMap { object($0) }.map { JSONNode(value: .object($0), offset: 0) } ?? base
    }
    let ownFields = object(own) ?? []
    let fields =
      baseFields.filter { member in !ownFields.contains { $0.key == member.key } } + ownFields
    return JSONNode(value: .object(fields), offset: 0)
  }

  /// The text a flag takes for `node`, or nil when no text says it (a `false` switch, an
  /// array the flag does not take).
  private static func flagText(_ node: JSONNode, flag: Setting.Flag) -> String? {
    switch node.value {
    case .string(let text): return text
    case .number(_, let text): return text
    case .bool(let value): return flag.value == .presence && value ? "true" : nil
    case .null: return "null"
    case .object: return JSONWriter.text(node)
    case .array(let elements):
      guard flag.value == .numbers else { return nil }
      let numbers = elements.compactMap { element -> String? in
        if case .number(_, let text) = element.value { return text }
        return nil
      }
      return numbers.count == elements.count ? numbers.joined(separator: ",") : nil
    }
  }
}

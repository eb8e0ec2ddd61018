/// Reads the members of one JSON object of the manifest and rejects keys it does not know,
/// suggesting the nearest known one.
struct ObjectReader {
  let source: ManifestSource
  /// Where the object is, for messages: "defaults", "item 'bio'".
  let scope: String
  /// Prepended to key names in messages for nested objects: "expandButton.".
  let keyPrefix: String
  let node: JSONNode
  /// Names for key paths in messages instead of "scope, key 'path'": the flags of
  /// `render --text`, whose values are read as a manifest object.
  let keyNames: [String: String]
  private let members: [String: JSONNode]

  init(
    _ node: JSONNode, scope: String, keyPrefix: String = "", knownKeys: [String],
    source: ManifestSource, keyNames: [String: String] = [:]
  ) throws(ManifestError) {
    guard case .object(let list) = node.value else {
      let what = keyPrefix.isEmpty ? scope : "\(scope), key '\(keyPrefix.dropLast())'"
      throw source.error(at: node.offset, "\(what): expected an object, got \(node.excerpt)")
    }
    for member in list where !knownKeys.contains(member.key) {
      let hint =
        KeySuggestion.nearest(to: member.key, in: knownKeys)
        .map { "; did you mean '\(keyPrefix)\($0)'?" } ?? ""
      throw source.error(
        at: member.keyOffset, "unknown key '\(keyPrefix)\(member.key)' in \(scope)\(hint)")
    }
    self.source = source
    self.scope = scope
    self.keyPrefix = keyPrefix
    self.node = node
    self.keyNames = keyNames
    self.members = Dictionary(uniqueKeysWithValues: list.map { ($0.key, $0.value) })
  }

  /// The value of `key`, or `nil` when the key is absent.
  subscript(key: String) -> JSONNode? { members[key] }

  /// A reader whose messages name `key`.
  func reader(for key: String) -> ValueReader {
    ValueReader(
      source: source,
      context: keyNames[keyPrefix + key] ?? "\(scope), key '\(keyPrefix)\(key)'")
  }

  /// Converts the value of `key` when present.
  func read<T>(_ key: String, _ convert: (ValueReader, JSONNode) throws(ManifestError) -> T)
    throws(ManifestError) -> T?
  {
    guard let node = members[key] else { return nil }
    return try convert(reader(for: key), node)
  }

  func string(_ key: String) throws(ManifestError) -> String? {
    try read(key) { reader, node throws(ManifestError) in try reader.string(node) }
  }

  func bool(_ key: String) throws(ManifestError) -> Bool? {
    try read(key) { reader, node throws(ManifestError) in try reader.bool(node) }
  }

  func choice<T: RawRepresentable & CaseIterable>(_ key: String) throws(ManifestError) -> T?
  where T.RawValue == String {
    try read(key) { reader, node throws(ManifestError) in try reader.choice(node) }
  }

  /// Whether `key` is present with the value `null`.
  func isNull(_ key: String) -> Bool {
    if case .null = members[key]?.value { true } else { false }
  }
}

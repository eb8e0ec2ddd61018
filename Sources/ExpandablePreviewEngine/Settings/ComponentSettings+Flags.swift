import ExpandablePreview

extension ComponentSettings {
  /// The flags of ``table``, by name.
  package static let flags: [String: Setting.Flag] = Dictionary(
    uniqueKeysWithValues: table.flatMap(\.flags).map { ($0.name, $0) })

  /// Settings from `render --text` flags: each value is written as the manifest value its
  /// flag stands for and read by the manifest's reader, so a flag accepts exactly what the
  /// key accepts and its errors say the same, naming the flag.
  ///
  /// - Parameter values: flags with their text, in command-line order (a later one wins).
  package init(flags values: [(flag: Setting.Flag, text: String)]) throws(EngineError) {
    var (members, labelFields) = Self.manifestValues(of: values)
    for (key, fields) in labelFields where members[key] == nil {
      members[key] = Self.object(Dictionary(fields, uniquingKeysWith: { _, later in later }))
    }
    let source = ManifestSource(path: "command line", bytes: [])
    let names = Dictionary(
      Self.table.flatMap(\.flags).map { ($0.path, $0.name) },
      uniquingKeysWith: { first, _ in first })
    do throws(ManifestError) {
      let object = try ObjectReader(
        Self.object(members), scope: "command line", knownKeys: Self.keys, source: source,
        keyNames: names)
      self = try ComponentSettings(reading: object)
    } catch {
      throw EngineError(error.message)
    }
  }

  /// Flags' values written as the manifest values they stand for: the top-level keys, and each
  /// label's fields in command-line order (a later flag replaces an earlier one's field).
  /// `--less null` removes the label, as `"collapseButton": null` does (it stands among the
  /// top-level values, and the label's other fields do not matter then).
  package static func manifestValues(of flags: [(flag: Setting.Flag, text: String)]) -> (
    values: [String: JSONNode], labelFields: [String: [(String, JSONNode)]]
  ) {
    var values: [String: JSONNode] = [:]
    var labelFields: [String: [(String, JSONNode)]] = [:]
    for (flag, text) in flags {
      let parts = flag.path.split(separator: ".", maxSplits: 1).map(String.init)
      let node = flag.value.node(for: text)
      if parts.count == 2, parts[1] == "text", case .null = node.value {
        values[parts[0]] = node
      } else if parts.count == 2 {
        labelFields[parts[0], default: []].removeAll { $0.0 == parts[1] }
        labelFields[parts[0], default: []].append((parts[1], node))
      } else {
        values[flag.path] = node
      }
    }
    return (values, labelFields)
  }

  private static func object(_ members: [String: JSONNode]) -> JSONNode {
    JSONNode(
      value: .object(
        members.sorted { $0.key < $1.key }.map { .init(key: $0.key, keyOffset: 0, value: $0.value) }
      ), offset: 0)
  }

  /// `--help`'s lines for every manifest key: `  lineLimit   Lines shown when collapsed (3)`.
  package static var keyHelp: String {
    table.map { HelpText.row($0.key, "\($0.summary) (\($0.defaultValue))", indent: 4) }
      .joined(separator: "\n")
  }
}

/// Help text laid out in two columns, wrapped at 96 characters.
package enum HelpText {
  package static func row(_ name: String, _ summary: String, indent: Int = 2) -> String {
    let column = 27
    let width = 96 - column
    var lines: [String] = []
    var line = ""
    for word in summary.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(word)
      } else {
        line += (line.isEmpty ? "" : " ") + word
      }
    }
    if !line.isEmpty { lines.append(line) }
    let head = String(repeating: " ", count: indent) + name
    let pad = String(repeating: " ", count: column)
    var first =
      head.count < column - 1
      ? head + String(repeating: " ", count: column - head.count) : head + "\n" + pad
    first += lines.first ?? ""
    return ([first] + lines.dropFirst().map { pad + $0 }).joined(separator: "\n")
  }
}

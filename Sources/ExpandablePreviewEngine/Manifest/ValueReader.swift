/// Converts JSON nodes to Swift values; a wrong type or value becomes a ``ManifestError`` that
/// says where (`context`, such as "item 'bio', key 'lineLimit'") and what was expected.
struct ValueReader {
  let source: ManifestSource
  let context: String

  func fail(_ node: JSONNode, _ message: String) -> ManifestError {
    source.error(at: node.offset, "\(context): \(message)")
  }

  func string(_ node: JSONNode) throws(ManifestError) -> String {
    guard case .string(let text) = node.value else {
      throw fail(node, "expected a string, got \(node.excerpt)")
    }
    return text
  }

  func number(_ node: JSONNode) throws(ManifestError) -> Double {
    guard case .number(let number, _) = node.value else {
      throw fail(node, "expected a number, got \(node.excerpt)")
    }
    return number
  }

  func integer(_ node: JSONNode) throws(ManifestError) -> Int {
    guard case .number(let number, _) = node.value, number.rounded() == number,
      abs(number) < 1e15
    else { throw fail(node, "expected a whole number, got \(node.excerpt)") }
    return Int(number)
  }

  func bool(_ node: JSONNode) throws(ManifestError) -> Bool {
    guard case .bool(let flag) = node.value else {
      throw fail(node, "expected true or false, got \(node.excerpt)")
    }
    return flag
  }

  func array(_ node: JSONNode) throws(ManifestError) -> [JSONNode] {
    guard case .array(let elements) = node.value else {
      throw fail(node, "expected an array, got \(node.excerpt)")
    }
    return elements
  }

  /// One of an enumeration's raw values, with the nearest one suggested when misspelled.
  func choice<T: RawRepresentable & CaseIterable>(_ node: JSONNode) throws(ManifestError) -> T
  where T.RawValue == String {
    let text = try string(node)
    if let value = T(rawValue: text) { return value }
    let names = T.allCases.map(\.rawValue)
    throw fail(
      node,
      "unknown value '\(text)'\(KeySuggestion.hint(for: text, in: names)) (expected one of: \(names.joined(separator: ", ")))"
    )
  }
}

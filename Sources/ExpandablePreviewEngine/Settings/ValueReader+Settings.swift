import ExpandablePreview
import ExpandablePreviewGolden

extension LabelSettings {
  /// Reads a label object, or a string as a shorthand for `{"text": …}`.
  init(reading node: JSONNode, keys: [String], key: String, in parent: ObjectReader)
    throws(ManifestError)
  {
    offset = node.offset
    if case .string(let shorthand) = node.value {
      text = shorthand
      return
    }
    let object = try ObjectReader(
      node, scope: parent.scope, keyPrefix: "\(parent.keyPrefix)\(key).", knownKeys: keys,
      source: parent.source, keyNames: parent.keyNames)
    text = try object.string("text")
    if object.isNull("font") {
      font = .null
    } else {
      font = try object.read("font") { reader, node throws(ManifestError) in
        .value(try reader.font(node))
      }
    }
    color = try object.read("color") { reader, node throws(ManifestError) in try reader.color(node)
    }
    placement = try object.choice("placement")
  }
}

// Values with a meaning beyond their JSON type.
extension ValueReader {
  /// A device name from ``Device/all``.
  func device(_ node: JSONNode) throws(ManifestError) -> Device {
    let name = try string(node)
    guard let device = Device.named(name) else {
      throw fail(
        node,
        "unknown device '\(name)': expected one of \(Device.all.map(\.name).joined(separator: ", "))"
      )
    }
    return device
  }

  /// A text style name, a Pango description with a size, or `{"style", "family", "weight"}`.
  func font(_ node: JSONNode) throws(ManifestError) -> Font {
    if case .object = node.value {
      let object = try ObjectReader(
        node, scope: context, knownKeys: ["style", "family", "weight"], source: source)
      guard let styleNode = object["style"] else {
        throw fail(node, "a font object needs 'style' (a text style such as body)")
      }
      var font = Font.system(try object.reader(for: "style").choice(styleNode) as TextStyle)
      if let family = try object.string("family") { font = font.family(family) }
      if let weightNode = object["weight"] {
        font = font.weight(try object.reader(for: "weight").weight(weightNode))
      }
      return font
    }
    let text = try string(node)
    do { return try Font(parsing: text) } catch { throw fail(node, error.description) }
  }

  /// A weight by name: ultraLight, thin, light, regular, medium, semibold, bold, heavy, black.
  func weight(_ node: JSONNode) throws(ManifestError) -> Font.Weight {
    let text = try string(node)
    let names = Font.Weight.allCases.map { (String(describing: $0), $0) }
    if let match = names.first(where: { $0.0 == text }) { return match.1 }
    let known = names.map(\.0)
    throw fail(
      node,
      "unknown weight '\(text)'\(KeySuggestion.hint(for: text, in: known)) (expected one of: \(known.joined(separator: ", ")))"
    )
  }

  func color(_ node: JSONNode) throws(ManifestError) -> Color {
    let text = try string(node)
    do { return try Color(parsing: text) } catch { throw fail(node, error.description) }
  }

  /// Throws the rule book's `problem`, if any, at `node`: the value as the manifest spells it.
  func check(_ node: JSONNode, _ problem: SettingProblem?) throws(ManifestError) {
    guard let problem else { return }
    let shown: String? = if case .number = node.value { node.excerpt } else { nil }
    throw fail(node, problem.detail(shownValue: shown))
  }

  /// The value `read` reads from `node`, checked by the rule book's `rule`.
  func checked<Value>(
    _ node: JSONNode, _ read: (ValueReader) -> (JSONNode) throws(ManifestError) -> Value,
    _ rule: (Value) -> SettingProblem?
  ) throws(ManifestError) -> Value {
    let value = try read(self)(node)
    try check(node, rule(value))
    return value
  }

  /// A BCP 47 language tag such as `ja`, `zh-Hans` or `ar`.
  func language(_ node: JSONNode) throws(ManifestError) -> String {
    try checked(node, ValueReader.string, SettingRules.language)
  }

  func lineLimit(_ node: JSONNode) throws(ManifestError) -> Int {
    try checked(node, ValueReader.integer, SettingRules.lineLimit)
  }

  func lineSpacing(_ node: JSONNode) throws(ManifestError) -> Double {
    try checked(node, ValueReader.number, SettingRules.lineSpacing)
  }

  func width(_ node: JSONNode) throws(ManifestError) -> Double {
    try checked(node, ValueReader.number, SettingRules.width)
  }

  func scale(_ node: JSONNode) throws(ManifestError) -> Int {
    try checked(node, ValueReader.integer, SettingRules.scale)
  }

  /// One number for all edges, or `[top, leading, bottom, trailing]`.
  func padding(_ node: JSONNode) throws(ManifestError) -> EdgeInsets {
    let edges = ["top", "leading", "bottom", "trailing"]
    let nodes: [JSONNode]
    if case .number = node.value {
      nodes = Array(repeating: node, count: 4)
    } else if case .array(let values) = node.value, values.count == 4 {
      nodes = values
    } else {
      throw fail(node, "expected a number or [top, leading, bottom, trailing], got \(node.excerpt)")
    }
    var insets: [Double] = []
    for (edge, value) in zip(edges, nodes) {
      insets.append(
        try checked(value, ValueReader.number) { SettingRules.padding($0, edge: edge) })
    }
    return EdgeInsets(top: insets[0], leading: insets[1], bottom: insets[2], trailing: insets[3])
  }

  /// A non-empty array of `"png"`, `"svg"` and `"pdf"`, each at most once.
  func formats(_ node: JSONNode) throws(ManifestError) -> [OutputFormat] {
    let elements = try array(node)
    guard !elements.isEmpty else { throw fail(node, "needs at least one format") }
    var formats: [OutputFormat] = []
    for element in elements {
      let format: OutputFormat = try choice(element)
      guard !formats.contains(format) else { throw fail(element, "lists \(element.excerpt) twice") }
      formats.append(format)
    }
    return OutputFormat.ordered(formats)
  }

  /// `"collapsed"`, `"expanded"`, `"both"` (the two stills), `"expanding"`, `"collapsing"` or
  /// an array of them; always in the order collapsed, expanded, expanding, collapsing.
  func states(_ node: JSONNode) throws(ManifestError) -> [OutputState] {
    if case .string("both") = node.value { return [.collapsed, .expanded] }
    if case .string = node.value { return [try choice(node) as OutputState] }
    let elements = try array(node)
    guard !elements.isEmpty else { throw fail(node, "needs at least one state") }
    var states: Set<OutputState> = []
    for element in elements {
      guard states.insert(try choice(element)).inserted else {
        throw fail(element, "lists \(element.excerpt) twice")
      }
    }
    return OutputState.allCases.filter(states.contains)
  }
}

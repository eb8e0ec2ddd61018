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

  /// A BCP 47 language tag such as `ja`, `zh-Hans` or `ar`.
  func language(_ node: JSONNode) throws(ManifestError) -> String {
    let tag = try string(node)
    guard RenderOptions.isWellFormedLanguage(tag) else {
      throw fail(node, "must be a BCP 47 language tag such as en, ja, zh-Hans or ar, got '\(tag)'")
    }
    return tag
  }

  func lineLimit(_ node: JSONNode) throws(ManifestError) -> Int {
    let limit = try integer(node)
    guard (1...RenderLimits.maxLineLimit).contains(limit) else {
      throw fail(node, "must be 1 to \(RenderLimits.maxLineLimit), got \(limit)")
    }
    return limit
  }

  func lineSpacing(_ node: JSONNode) throws(ManifestError) -> Double {
    try points(node, upTo: RenderLimits.maxLineSpacing)
  }

  /// A number of points from 0 to `limit`: larger values would overflow Pango's 32-bit units.
  func points(_ node: JSONNode, upTo limit: Double) throws(ManifestError) -> Double {
    let value = try number(node)
    guard (0...limit).contains(value) else {
      throw fail(node, "must be 0 to \(Int(limit)) points, got \(node.excerpt)")
    }
    return value
  }

  func width(_ node: JSONNode) throws(ManifestError) -> Double {
    let value = try number(node)
    guard value > 0, value <= RenderLimits.maxWidth else {
      throw fail(node, "must be above 0 and at most \(Int(RenderLimits.maxWidth)), got \(value)")
    }
    return value
  }

  func scale(_ node: JSONNode) throws(ManifestError) -> Int {
    let value = try integer(node)
    guard RenderLimits.scales.contains(value) else {
      throw fail(
        node,
        "must be \(RenderLimits.scales.lowerBound) to \(RenderLimits.scales.upperBound), got \(value)"
      )
    }
    return value
  }

  /// One number for all edges, or `[top, leading, bottom, trailing]`.
  func padding(_ node: JSONNode) throws(ManifestError) -> EdgeInsets {
    if case .number = node.value {
      return EdgeInsets(all: try points(node, upTo: RenderLimits.maxPadding))
    }
    guard case .array(let values) = node.value, values.count == 4 else {
      throw fail(node, "expected a number or [top, leading, bottom, trailing], got \(node.excerpt)")
    }
    var insets: [Double] = []
    for value in values { insets.append(try points(value, upTo: RenderLimits.maxPadding)) }
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

import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// Reads a manifest file into a ``Manifest``: JSON with positions, then `defaults`, `variants`
/// and every item, collecting the errors of all items before giving up.
package enum ManifestDecoder {
  static let topLevelKeys = ["defaults", "variants", "items", "fonts"]
  static let itemKeys = ["name", "text", "textFile", "variants"] + ComponentSettings.keys

  /// The largest manifest read (64 MiB, about a million items): refused before reading, as
  /// decoding holds several bytes of memory per byte of manifest.
  static let sizeLimit = 64 << 20

  /// Reads and decodes the manifest at `path`.
  static func decode(path: String) throws(ManifestErrors) -> Manifest {
    func fail(_ message: String) -> ManifestErrors {
      ManifestErrors(errors: [ManifestError(file: path, position: nil, message: message)])
    }
    var status = stat()
    guard stat(RunDirectory.path(path), &status) == 0 else {
      throw fail("cannot read the manifest file: \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw fail("the manifest is not a regular file")
    }
    guard status.st_size <= sizeLimit else {
      throw fail(
        "the manifest is \(status.st_size) bytes; the limit is \(sizeLimit) bytes (\(sizeLimit >> 20) MiB)"
      )
    }
    guard let bytes = readBytes(RunDirectory.path(path), size: Int(status.st_size)) else {
      throw fail("cannot read the manifest file: \(String(cString: strerror(errno)))")
    }
    return try decode(ManifestSource(path: path, bytes: bytes))
  }

  /// The file's bytes, read straight into the array the JSON reader uses (no second copy of
  /// the file in memory); nil when it cannot be read or grew past the limit meanwhile.
  private static func readBytes(_ path: String, size: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      guard bytes.count <= sizeLimit else {
        errno = EFBIG
        return nil
      }
    }
  }

  /// What the items are read against: `defaults`, `variants`, `fonts`, and the item nodes.
  private struct Prelude {
    var defaults = ComponentSettings()
    var variants = VariantAxes()
    var fontSet = FontSet.standard
    var itemNodes: [JSONNode] = []
    /// Mistakes in `defaults`, `variants` or `fonts`: reported with the items' mistakes, which
    /// are still read (over empty defaults) so that one run shows them all.
    var errors: [ManifestError] = []
  }

  /// Parses the JSON and reads everything but the items. The parsed tree is held only by the
  /// returned item nodes, so decoding can release each item's nodes as it goes.
  ///
  /// - Throws: only for what leaves no items to read: malformed JSON, or no usable `items`.
  private static func readPrelude(_ source: ManifestSource) throws(ManifestError) -> Prelude {
    let root: JSONNode
    do throws(JSONSyntaxError) { root = try JSONReader.parse(source.bytes) } catch {
      throw source.error(at: error.offset, "malformed JSON: \(error.message)")
    }
    let top = try ObjectReader(root, scope: "the manifest", knownKeys: topLevelKeys, source: source)
    var prelude = Prelude()
    guard let itemsNode = top["items"] else {
      throw source.error(at: root.offset, "the manifest needs 'items', an array of items")
    }
    prelude.itemNodes = try top.reader(for: "items").array(itemsNode)
    guard !prelude.itemNodes.isEmpty else {
      throw source.error(at: itemsNode.offset, "'items' is empty; nothing to render")
    }
    do throws(ManifestError) {
      if let node = top["defaults"] {
        prelude.defaults = try ComponentSettings(
          reading: ObjectReader(
            node, scope: "defaults", knownKeys: ComponentSettings.keys, source: source))
      }
    } catch {
      prelude.errors.append(error)
    }
    do throws(ManifestError) {
      if let node = top["variants"] {
        prelude.variants = try VariantAxes(reading: node, scope: "the manifest", source: source)
      }
    } catch {
      prelude.errors.append(error)
    }
    do throws(ManifestError) {
      if let node = top["fonts"] { prelude.fontSet = try ManifestFonts.read(node, in: top) }
    } catch {
      prelude.errors.append(error)
    }
    return prelude
  }

  package static func decode(_ source: ManifestSource) throws(ManifestErrors) -> Manifest {
    var prelude: Prelude
    do throws(ManifestError) { prelude = try readPrelude(source) } catch {
      throw ManifestErrors(errors: [error])
    }
    var itemNodes = prelude.itemNodes
    prelude.itemNodes = []
    var items: [ManifestItem] = []
    items.reserveCapacity(itemNodes.count)
    var errors = prelude.errors
    var usedNames: [String: Int] = [:]  // lowercased name → item number
    var shared = SharedValues()
    for index in itemNodes.indices {
      let number = index + 1
      // Take the node out, so its subtree is freed once the item is decoded.
      let node = itemNodes[index]
      itemNodes[index] = JSONNode(value: .null, offset: node.offset)
      do throws(ManifestError) {
        var item = try decodeItem(
          node, number: number, defaults: prelude.defaults, variants: prelude.variants,
          source: source)
        if let other = usedNames[item.name.lowercased()] {
          throw source.error(
            at: node.offset,
            "item '\(item.name)' (#\(number)): the name is already used by item #\(other) (names must differ also ignoring case, as they become folder names)"
          )
        }
        usedNames[item.name.lowercased()] = number
        shared.share(&item)
        items.append(item)
      } catch {
        errors.append(error)
      }
    }
    guard errors.isEmpty else { throw ManifestErrors(errors: errors) }
    return Manifest(items: items, fontSet: prelude.fontSet)
  }

  /// Makes consecutive items share equal settings, variant matrices and state lists: most
  /// items of a large manifest have the same ones, and each would otherwise own a copy.
  private struct SharedValues {
    var previous: ManifestItem?

    mutating func share(_ item: inout ManifestItem) {
      if let previous {
        item.shareSettings(with: previous)
        if previous.matrix == item.matrix { item.matrix = previous.matrix }
        if previous.states == item.states { item.states = previous.states }
      }
      previous = item
    }
  }

  private static func decodeItem(
    _ node: JSONNode, number: Int, defaults: ComponentSettings, variants: VariantAxes,
    source: ManifestSource
  ) throws(ManifestError) -> ManifestItem {
    // Name the item in messages as soon as its name is known.
    var scope = "item #\(number)"
    if case .object(let members) = node.value,
      let nameMember = members.first(where: { $0.key == "name" }),
      case .string(let name) = nameMember.value.value
    {
      scope = "item '\(name)'"
    }
    let object = try ObjectReader(node, scope: scope, knownKeys: itemKeys, source: source)
    guard let nameNode = object["name"] else {
      throw source.error(at: node.offset, "\(scope) needs a 'name'")
    }
    let name = try object.reader(for: "name").string(nameNode)
    if let problem = ItemName.problem(with: name) {
      throw source.error(
        at: nameNode.offset,
        "item #\(number): the name \(nameNode.excerpt) \(problem); names become folder names, so they must not contain path separators, '..' or control characters, nor start with a dot"
      )
    }

    let text = try itemText(object, scope: scope, source: source)
    let settings = defaults.overridden(by: try ComponentSettings(reading: object))
    if case .value(let label) = settings.collapseButton, label.text == nil {
      throw source.error(at: label.offset, "\(scope), key 'collapseButton': needs 'text'")
    }
    if let animation = settings.animation?.wrapped, let problem = animation.problem {
      throw source.error(
        at: animation.offset ?? node.offset, "\(scope), key 'animation': \(problem)")
    }
    let (component, options) = settings.applied(text: text)
    let states = settings.states ?? OutputState.defaults(for: component)
    if let problem = OutputState.problem(with: states, for: component) {
      throw source.error(
        at: object["states"]?.offset ?? node.offset, "\(scope), key 'states': \(problem)")
    }
    let vectors = (settings.formats ?? []).filter { $0 != .png }
    if !vectors.isEmpty, !states.contains(where: { $0.still != nil }) {
      // SVG and PDF are stills; an animation is an animated PNG only, so they would not be written.
      throw source.error(
        at: object["formats"]?.offset ?? node.offset,
        "\(scope), key 'formats': \(vectors.map(\.rawValue).joined(separator: " and ")) draw "
          + "still states only, but the item renders only animations "
          + "(\(states.map(\.rawValue).joined(separator: ", "))), which are animated PNG; add "
          + "'collapsed' or 'expanded' to 'states', or leave out the vector formats")
    }
    if settings.accessibilityOverlay == true {
      try checkAccessibilityOverlay(
        states: states, formats: settings.formats ?? [.png],
        at: object["accessibilityOverlay"]?.offset ?? node.offset,
        scope: scope, source: source)
    }
    var itemVariants = variants
    if let variantsNode = object["variants"] {
      itemVariants = variants.overridden(
        by: try VariantAxes(reading: variantsNode, scope: scope, source: source))
    }
    var item = ManifestItem(
      name: name, component: component, options: options,
      matrix: itemVariants.matrix(over: options), states: states,
      formats: settings.formats ?? [.png])
    item.writesAccessibilityOverlay = settings.accessibilityOverlay ?? false
    item.hasExplicitWidth = settings.width != nil || itemVariants.width != nil
    item.hasExplicitPadding = settings.padding != nil
    return item
  }

  /// The overlay is drawn for still states and written as a PNG beside the still's: an item
  /// that renders only animations, or no PNG, would get none, so it is refused rather than
  /// silently left out.
  private static func checkAccessibilityOverlay(
    states: [OutputState], formats: [OutputFormat], at offset: Int?, scope: String,
    source: ManifestSource
  ) throws(ManifestError) {
    if !states.contains(where: { $0.still != nil }) {
      throw source.error(
        at: offset,
        "\(scope), key 'accessibilityOverlay': the overlay shows a still's accessibility "
          + "elements, but the item renders only animations "
          + "(\(states.map(\.rawValue).joined(separator: ", "))); add 'collapsed' or 'expanded' "
          + "to 'states', or leave out accessibilityOverlay")
    }
    if !formats.contains(.png) {
      throw source.error(
        at: offset,
        "\(scope), key 'accessibilityOverlay': the overlay is a PNG written beside the still's "
          + "PNG, but 'formats' has no png (\(formats.map(\.rawValue).joined(separator: ", "))); "
          + "add \"png\" to 'formats', or leave out accessibilityOverlay")
    }
  }

  /// `text`, or the contents of `textFile` (UTF-8, relative to the manifest's folder).
  private static func itemText(_ object: ObjectReader, scope: String, source: ManifestSource)
    throws(ManifestError) -> String
  {
    switch (try object.string("text"), object["textFile"]) {
    case (let text?, nil):
      return text
    case (nil, let fileNode?):
      let reader = object.reader(for: "textFile")
      let path = try reader.string(fileNode)
      let url = URL(fileURLWithPath: path, relativeTo: source.folder)
      let data: Data
      do throws(TextFileProblem) {
        data = try TextFile.read(url, inside: source.folder)
      } catch {
        throw reader.fail(fileNode, "'\(path)' \(error.description)")
      }
      guard var text = String(validating: data, as: UTF8.self) else {
        throw reader.fail(fileNode, "'\(path)' is not valid UTF-8")
      }
      // A file's last line break ends its last line; it is not part of the text.
      if text.last?.isNewline == true { text.removeLast() }
      return text
    case (.some, .some):
      throw source.error(
        at: object.node.offset, "\(scope) sets both 'text' and 'textFile'; keep one")
    case (nil, nil):
      throw source.error(at: object.node.offset, "\(scope) needs 'text' or 'textFile'")
    }
  }
}

import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// Reads a manifest file into a ``Manifest``: JSON with positions, then `defaults`, `variants`
/// and every item, collecting the errors of all items before giving up.
enum ManifestDecoder {
  static let topLevelKeys = ["defaults", "variants", "items", "fonts"]
  static let itemKeys = ["name", "text", "textFile", "variants"] + ComponentSettings.keys

  /// Reads and decodes the manifest at `path`.
  static func decode(path: String) throws(ManifestErrors) -> Manifest {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ManifestErrors(errors: [
        ManifestError(
          file: path, position: nil,
          message: "cannot read the manifest file: \(FileErrorReason.of(error))")
      ])
    }
    return try decode(ManifestSource(path: path, bytes: [UInt8](data)))
  }

  static func decode(_ source: ManifestSource) throws(ManifestErrors) -> Manifest {
    let root: JSONNode
    let top: ObjectReader
    let itemNodes: [JSONNode]
    do throws(ManifestError) {
      do throws(JSONSyntaxError) { root = try JSONReader.parse(source.bytes) } catch {
        throw source.error(at: error.offset, "malformed JSON: \(error.message)")
      }
      top = try ObjectReader(root, scope: "the manifest", knownKeys: topLevelKeys, source: source)
      guard let itemsNode = top["items"] else {
        throw source.error(at: root.offset, "the manifest needs 'items', an array of items")
      }
      itemNodes = try top.reader(for: "items").array(itemsNode)
      guard !itemNodes.isEmpty else {
        throw source.error(at: itemsNode.offset, "'items' is empty; nothing to render")
      }
    } catch {
      throw ManifestErrors(errors: [error])
    }

    // A mistake in `defaults`, `variants` or `fonts` is reported with the items' mistakes:
    // the items are still read, over empty defaults.
    var errors: [ManifestError] = []
    var defaults = ComponentSettings()
    var variants = VariantAxes()
    var fontSet = FontSet.standard
    do throws(ManifestError) {
      if let node = top["defaults"] {
        defaults = try ComponentSettings(
          reading: ObjectReader(
            node, scope: "defaults", knownKeys: ComponentSettings.keys, source: source))
      }
    } catch {
      errors.append(error)
    }
    do throws(ManifestError) {
      if let node = top["variants"] {
        variants = try VariantAxes(reading: node, scope: "the manifest", source: source)
      }
    } catch {
      errors.append(error)
    }
    do throws(ManifestError) {
      if let node = top["fonts"] { fontSet = try ManifestFonts.read(node, in: top) }
    } catch {
      errors.append(error)
    }

    var items: [ManifestItem] = []
    var usedNames: [String: Int] = [:]  // lowercased name → item number
    for (index, node) in itemNodes.enumerated() {
      let number = index + 1
      do throws(ManifestError) {
        let item = try decodeItem(
          node, number: number, defaults: defaults, variants: variants, source: source)
        if let other = usedNames[item.name.lowercased()] {
          throw source.error(
            at: node.offset,
            "item '\(item.name)' (#\(number)): the name is already used by item #\(other) (names must differ also ignoring case, as they become folder names)"
          )
        }
        usedNames[item.name.lowercased()] = number
        items.append(item)
      } catch {
        errors.append(error)
      }
    }
    guard errors.isEmpty else { throw ManifestErrors(errors: errors) }
    return Manifest(items: items, fontSet: fontSet)
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
    var itemVariants = variants
    if let variantsNode = object["variants"] {
      itemVariants = variants.overridden(
        by: try VariantAxes(reading: variantsNode, scope: scope, source: source))
    }
    let options = settings.renderOptions
    return ManifestItem(
      name: name, component: settings.component(text: text), options: options,
      matrix: itemVariants.matrix(over: options),
      states: settings.states ?? ExpansionState.allCases)
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

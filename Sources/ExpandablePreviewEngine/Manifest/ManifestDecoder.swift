import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// Reads a manifest file into a ``Manifest``: JSON with positions, then `defaults`, `variants`
/// and every item, collecting the errors of all items before giving up.
package enum ManifestDecoder {
  static let topLevelKeys = ["defaults", "variants", "items", "fonts"]
  static let itemKeys = ["name", "text", "textFile", "variants"] + ComponentSettings.keys

  /// The largest manifest read (64 MiB, about a million items): refused before reading, as
  /// decoding holds several bytes of memory per byte of manifest.
  static let sizeLimit = 64 << 20

  /// Reads and decodes the manifest at `path`, read through ``BoundedFile`` (opened once,
  /// non-blocking, regular files only, at most ``sizeLimit`` bytes, checked while reading).
  /// `bytes`, when given, are the file's, already read (by the no-op check): the file is not
  /// read again, so the manifest decoded is the one whose bytes that check hashed.
  /// A relative `path` is in `directory` (the working directory when nil).
  package static func decode(
    path: String, bytes given: [UInt8]? = nil, directory: URL? = nil
  ) throws(ManifestErrors) -> Manifest {
    let bytes: [UInt8]
    if let given { bytes = given } else { bytes = try read(path: path, directory: directory) }
    return try decode(ManifestSource(path: path, bytes: bytes, directory: directory))
  }

  /// The bytes of the manifest at `path`, read through ``BoundedFile`` as ``decode(path:bytes:)``
  /// reads them: for a caller that also looks at the JSON itself (the workbench's gallery), so
  /// the file is read once.
  package static func read(path: String, directory: URL? = nil) throws(ManifestErrors) -> [UInt8] {
    func fail(_ message: String) -> ManifestErrors {
      ManifestErrors(errors: [ManifestError(file: path, position: nil, message: message)])
    }
    let limit = "the limit for a manifest (\(sizeLimit >> 20) MiB)"
    switch BoundedFile.read(
      RunFolder.path(path, in: directory), maxBytes: sizeLimit, naming: "the manifest", limit: limit
    )
    {
    case .absent:
      throw fail("cannot read the manifest file: \(SystemReason.of(code: ENOENT))")
    case .unreadable(let reason): throw fail(reason)
    // Copied into the array the JSON reader uses; the file's Data is released before decoding.
    case .bytes(let data, _): return [UInt8](data)
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
    return Manifest(
      items: items, fontSet: prelude.fontSet, textFiles: source.textFiles.withLock { $0 })
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
    var itemVariants = variants
    if let variantsNode = object["variants"] {
      itemVariants = variants.overridden(
        by: try VariantAxes(reading: variantsNode, scope: scope, source: source))
    }
    do throws(ItemRule) {
      return try ManifestItem(name: name, text: text, settings: settings, variants: itemVariants)
    } catch {
      // Merged settings may come from `defaults`: point where the broken value starts.
      let offset =
        switch error {
        case .animation: settings.animation?.wrapped?.offset
        case .collapseLabelNeedsText: settings.collapseButton?.wrapped?.offset
        default: object[error.key]?.offset
        }
      throw source.error(
        at: offset ?? node.offset, "\(scope), key '\(error.key)': \(error.message(.manifest))")
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
        let read = try TextFile.read(url, written: path, inside: source.folder)
        data = read.data
        source.textFiles.withLock { $0[url.path] = read.stamp }
      } catch {
        throw reader.fail(fileNode, error.description)
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

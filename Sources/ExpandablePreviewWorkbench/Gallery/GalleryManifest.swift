import ExpandablePreview
import Foundation

/// A manifest for the workbench's live gallery: its items, decoded by the manifest decoder as
/// `render` decodes them, and the files they were read from (the manifest and its `textFile`s),
/// which the gallery watches.
package struct GalleryManifest: Sendable {
  /// The most files an item renders in the gallery (its variants × states past that are left
  /// out, saying so): the page shows images, not a batch.
  package static let maxFilesPerItem = 64

  package let items: [GalleryItem]
  /// The manifest and every `textFile` it names, as absolute paths.
  package let files: [String]
  /// True when the manifest sets `fonts`: the gallery renders with the pinned set only.
  package let hasOwnFonts: Bool

  /// Decodes the manifest at `path`.
  ///
  /// - Throws: every error of the manifest, each as `file:line:column: message`.
  package init(path: String) throws(PreviewProblem) {
    let manifest: Manifest
    do throws(ManifestErrors) { manifest = try ManifestDecoder.decode(path: path) } catch {
      throw PreviewProblem(error.description)
    }
    hasOwnFonts = manifest.fontSet != .standard
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    var files = [URL(fileURLWithPath: path).standardizedFileURL.path]
    // The item nodes and `defaults`, read from the same bytes the decoder read (it keeps no
    // record of them): for the textFiles, and for opening an item in the playground.
    var itemNodes: [JSONNode] = []
    var defaults: JSONNode?
    if let data = FileManager.default.contents(atPath: path),
      let root = try? JSONReader.parse(Array(data)), case .object(let top) = root.value
    {
      defaults = top.first(where: { $0.key == "defaults" })?.value
      if let itemsNode = top.first(where: { $0.key == "items" }),
        case .array(let nodes) = itemsNode.value.value
      {
        itemNodes = nodes
      }
    }
    for node in itemNodes {
      guard case .object(let members) = node.value,
        let member = members.first(where: { $0.key == "textFile" }),
        case .string(let relative) = member.value.value
      else { continue }
      files.append(URL(fileURLWithPath: relative, relativeTo: folder).standardizedFileURL.path)
    }
    // The decoder reads every item or fails, so the nodes are the items, in order.
    items = manifest.items.enumerated().map { index, item in
      GalleryItem(
        item: item, node: index < itemNodes.count ? itemNodes[index] : nil, defaults: defaults)
    }
    self.files = files
  }
}

/// One item of a gallery manifest: equal to another when everything its images depend on is
/// equal (the text after `textFile`, the settings, the variants, the states), so the gallery
/// re-renders only the items an edit changed.
package struct GalleryItem: Sendable, Equatable {
  let item: ManifestItem
  /// The item's JSON and the manifest's `defaults`, as written.
  let node: JSONNode?
  let defaults: JSONNode?

  package var name: String { item.name }
  /// The files the gallery renders: every variant × state, at most ``GalleryManifest/maxFilesPerItem``.
  package var fileCount: Int { min(item.renderCount, GalleryManifest.maxFilesPerItem) }
  /// The files the item has past that limit.
  package var leftOut: Int { item.renderCount - fileCount }

  /// Renders the item's files with `renderer` (which belongs to the calling thread), PNG and
  /// APNG as `render` writes them.
  package func render(with renderer: Renderer) -> [PreviewImage] {
    (0..<fileCount).map { index in
      let job = RenderJob.job(for: item, itemIndex: 0, at: index)
      do {
        let bytes = try JobRenderer.files(of: job, with: renderer).files[0].bytes
        return PreviewImage(
          state: job.state.rawValue, file: job.file, bytes: bytes, layoutJSON: "{}", error: nil)
      } catch {
        return PreviewImage(
          state: job.state.rawValue, file: job.file, bytes: Data(), layoutJSON: "{}",
          error: "\(error)")
      }
    }
  }

  /// Where each file sits in the gallery's grid, in file order: its state (a row), its
  /// appearance (a column; nil when the item has one) and the rest of its variant, the parts
  /// its name carries past the appearance ("" when none), one grid each.
  package func places() -> [GalleryPlace] {
    let matrix = item.matrix
    // The appearance is the column; the other axes with parts name the grid.
    let otherAxes = VariantAxis.all.filter { $0.key != "appearance" && $0.isVaried(matrix) }
    return (0..<fileCount).map { index in
      let job = RenderJob.job(for: item, itemIndex: 0, at: index)
      var parts = otherAxes.compactMap { $0.part(of: job.variant) }
      if matrix[VariantAxis.scale].count > 1 { parts.append("@\(job.variant[VariantAxis.scale])x") }
      return GalleryPlace(
        file: job.file, state: job.state.rawValue,
        appearance: matrix[VariantAxis.appearance].count > 1
          ? job.variant[VariantAxis.appearance].rawValue : nil,
        variant: parts.joined(separator: " "))
    }
  }

  /// `file` of this item as the playground's text and flags; nil when the item has no such
  /// file.
  package func playgroundSettings(file: String) -> GalleryItemSettings? {
    guard let node else { return nil }
    for index in 0..<fileCount {
      let job = RenderJob.job(for: item, itemIndex: 0, at: index)
      if job.file == file {
        return GalleryItemSettings(item: item, node: node, defaults: defaults, variant: job.variant)
      }
    }
    return nil
  }

  package static func == (a: GalleryItem, b: GalleryItem) -> Bool {
    a.item.name == b.item.name && a.item.component == b.item.component
      && a.item.options == b.item.options && a.item.matrix == b.item.matrix
      && a.item.states == b.item.states
  }
}

/// One file's cell in the gallery's state × appearance grid of its variant.
package struct GalleryPlace: Sendable, Equatable, Encodable {
  package var file: String
  package var state: String
  package var appearance: String?
  package var variant: String

  package init(file: String, state: String, appearance: String?, variant: String) {
    self.file = file
    self.state = state
    self.appearance = appearance
    self.variant = variant
  }
}

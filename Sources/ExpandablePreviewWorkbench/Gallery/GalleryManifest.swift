import ExpandablePreview
import ExpandablePreviewEngine
import Foundation

/// A manifest for the workbench's live gallery: its items, decoded by the manifest decoder as
/// `render` decodes them, and the files they were read from (the manifest and its `textFile`s),
/// which the gallery watches.
struct GalleryManifest: Sendable {
  /// The most files an item renders in the gallery (its variants × states past that are left
  /// out, saying so): the page shows images, not a batch.
  static let maxFilesPerItem = 64

  let items: [GalleryItem]
  /// The manifest and every `textFile` it names, as absolute paths.
  let files: [String]
  /// True when the manifest sets `fonts`: the gallery renders with the pinned set only.
  let hasOwnFonts: Bool

  /// Decodes the manifest at `path`.
  ///
  /// - Throws: every error of the manifest, each as `file:line:column: message`.
  init(path: String) throws(PreviewProblem) {
    // Read once, bounded, by the engine's manifest reader; decoded from those bytes.
    let bytes: [UInt8]
    let manifest: Manifest
    do throws(ManifestErrors) {
      bytes = try ManifestDecoder.read(path: path)
      manifest = try ManifestDecoder.decode(path: path, bytes: bytes)
    } catch {
      throw PreviewProblem(error.description)
    }
    hasOwnFonts = manifest.fontSet != .standard
    // The manifest and the text files the decoder read, which the gallery watches.
    files =
      [URL(fileURLWithPath: path).standardizedFileURL.path]
      + manifest.textFiles.keys.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.sorted()
    // The item nodes and `defaults`, parsed from the same bytes (the decoder keeps no record of
    // them): for opening an item in the playground.
    var itemNodes: [JSONNode] = []
    var defaults: JSONNode?
    if let root = try? JSONReader.parse(bytes), case .object(let top) = root.value {
      defaults = top.first(where: { $0.key == "defaults" })?.value
      if let itemsNode = top.first(where: { $0.key == "items" }),
        case .array(let nodes) = itemsNode.value.value
      {
        itemNodes = nodes
      }
    }
    // The decoder reads every item or fails, so the nodes are the items, in order.
    items = manifest.items.enumerated().map { index, item in
      GalleryItem(
        item: item, node: index < itemNodes.count ? itemNodes[index] : nil, defaults: defaults)
    }
  }
}

/// One item of a gallery manifest: equal to another when everything its images depend on is
/// equal (the text after `textFile`, the settings, the variants, the states), so the gallery
/// re-renders only the items an edit changed.
struct GalleryItem: Sendable, Equatable {
  let item: ManifestItem
  /// The item's JSON and the manifest's `defaults`, as written.
  let node: JSONNode?
  let defaults: JSONNode?

  var name: String { item.name }
  /// The files the gallery renders: every variant × state, at most ``GalleryManifest/maxFilesPerItem``.
  var fileCount: Int { min(item.renderCount, GalleryManifest.maxFilesPerItem) }
  /// The files the item has past that limit.
  var leftOut: Int { item.renderCount - fileCount }

  /// Renders the item's files with `renderer` (which belongs to the calling thread), PNG and
  /// APNG as `render` writes them.
  func render(with renderer: Renderer) -> [PreviewImage] {
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
  func places() -> [GalleryPlace] {
    (0..<fileCount).map { index in
      let job = RenderJob.job(for: item, itemIndex: 0, at: index)
      let place = item.gridPlace(of: job)
      return GalleryPlace(
        file: job.file, state: job.state.rawValue, appearance: place.appearance,
        variant: place.variant)
    }
  }

  /// `file` of this item as the playground's text and flags; nil when the item has no such
  /// file.
  func playgroundSettings(file: String) -> GalleryItemSettings? {
    guard let node else { return nil }
    for index in 0..<fileCount {
      let job = RenderJob.job(for: item, itemIndex: 0, at: index)
      if job.file == file {
        return GalleryItemSettings(item: item, node: node, defaults: defaults, job: job)
      }
    }
    return nil
  }

  static func == (a: GalleryItem, b: GalleryItem) -> Bool {
    a.item.rendersTheSame(as: b.item)
  }
}

/// One file's cell in the gallery's state × appearance grid of its variant.
struct GalleryPlace: Sendable, Equatable, Encodable {
  var file: String
  var state: String
  var appearance: String?
  var variant: String
}

import ExpandablePreview
import ExpandablePreviewEngine
import Foundation

/// The gallery's items, their images and the renders they wait for, and the messages that tell
/// a page about them. Every operation costs in what it touches: a finished render updates its
/// item and yields a message naming only it, so a run over N items costs O(N) in work and in
/// bytes sent (it was O(N²): every render sent the whole state). No threads here; ``Gallery``
/// owns one and calls it from its worker.
struct GalleryModel {
  struct Record {
    var item: GalleryItem
    /// The render asked for last, and the one whose images are stored (0: none yet).
    var generation: Int
    var shown = 0
    var images: [PreviewImage] = []
    var places: [String: GalleryPlace] = [:]
  }

  /// The most items a page shows (the rest are counted, not rendered): the budget of one run.
  let maxItems: Int
  private(set) var order: [String] = []
  private var records: [String: Record] = [:]
  private var error: String?
  private var warning: String?
  private var leftOutItems = 0
  private var manifest: String
  /// Items waiting for their render, in manifest order, and the first not handed out yet.
  private var waiting: [String] = []
  private var nextWaiting = 0
  /// The render under way of each item handed out.
  private var underWay: [String: Int] = [:]
  /// A version of the manifest is being decoded (the items are the last good version's).
  var isReading = false
  /// Items whose stored images are older than their latest version.
  private(set) var pendingCount = 0

  init(manifest: String, maxItems: Int) {
    self.manifest = manifest
    self.maxItems = maxItems
  }

  /// Takes a new version of the manifest: items that changed (or came) wait for a render,
  /// items that went are forgotten, and the renders the old version was waiting for are
  /// replaced by this version's (a superseded run is cancelled). Returns the message for the
  /// pages: the whole state when the order of items changed, else the changed items only.
  mutating func apply(_ decoded: GalleryManifest) -> String {
    isReading = false
    error = nil
    warning =
      decoded.hasOwnFonts
      ? "The manifest sets 'fonts': the gallery renders with the pinned set only." : nil
    let items = decoded.items.prefix(maxItems)
    leftOutItems = decoded.items.count - items.count
    let newOrder = items.map(\.name)
    var kept: [String: Record] = [:]
    kept.reserveCapacity(items.count)
    var changed: [String] = []
    for item in items where kept[item.name] == nil {
      if var record = records[item.name] {
        if record.item != item {
          record.item = item
          record.generation += 1
          changed.append(item.name)
        }
        kept[item.name] = record
      } else {
        kept[item.name] = Record(item: item, generation: 1)
        changed.append(item.name)
      }
    }
    records = kept
    underWay = underWay.filter { records[$0.key] != nil }
    waiting = newOrder.filter { name in
      let record = records[name]!
      return record.generation != record.shown && underWay[name] != record.generation
    }
    nextWaiting = 0
    pendingCount = records.values.count { $0.generation != $0.shown }
    guard newOrder == order else {
      order = newOrder
      return snapshot()
    }
    return update(changed)
  }

  /// Keeps the last good items and shows `problem` (at most ``maxErrorLines`` of it).
  mutating func fail(_ problem: String) -> String {
    isReading = false
    let lines = problem.split(separator: "\n", omittingEmptySubsequences: false)
    error =
      lines.count <= Self.maxErrorLines
      ? problem
      : lines.prefix(Self.maxErrorLines).joined(separator: "\n")
        + "\n… and \(lines.count - Self.maxErrorLines) more"
    return update([])
  }

  static let maxErrorLines = 50

  /// Hands out up to `count` renders to start, in manifest order: each item's newest version.
  mutating func nextRenders(_ count: Int) -> [(item: GalleryItem, generation: Int)] {
    var taken: [(item: GalleryItem, generation: Int)] = []
    while taken.count < count, nextWaiting < waiting.count {
      let name = waiting[nextWaiting]
      nextWaiting += 1
      guard let record = records[name], record.generation != record.shown,
        underWay[name] != record.generation
      else { continue }
      underWay[name] = record.generation
      taken.append((record.item, record.generation))
    }
    if nextWaiting == waiting.count {
      waiting = []
      nextWaiting = 0
    }
    return taken
  }

  /// Whether `generation` is still the version of `name` to render (a render of an older one
  /// is skipped or dropped).
  func isCurrent(_ name: String, generation: Int) -> Bool {
    records[name]?.generation == generation
  }

  /// Stores a finished render; returns false, storing nothing, when the render was of a
  /// version since replaced (or of an item that went).
  mutating func finished(
    _ name: String, generation: Int, images: [PreviewImage], places: [GalleryPlace]
  ) -> Bool {
    if underWay[name] == generation { underWay[name] = nil }
    guard var record = records[name], record.generation == generation else { return false }
    if record.shown != record.generation { pendingCount -= 1 }
    record.images = images
    record.shown = generation
    record.places = Dictionary(
      places.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    records[name] = record
    return true
  }

  /// The bytes of `file` of `item`.
  func image(item: String, file: String) -> Data? {
    records[item]?.images.first { $0.file == file && $0.error == nil }?.bytes
  }

  func item(_ name: String) -> GalleryItem? { records[name]?.item }

  /// The whole state, for a page that just connected or a new order of items.
  func snapshot() -> String {
    var message = header(type: "gallery")
    message.items = order.map { entry($0, records[$0]!) }
    return MessageJSON.text(message)
  }

  /// The header and the entries of `names` only.
  func update(_ names: [String]) -> String {
    var message = header(type: "gallery-update")
    message.updates = names.compactMap { name in records[name].map { entry(name, $0) } }
    return MessageJSON.text(message)
  }

  private func header(type: String) -> GalleryMessage {
    GalleryMessage(
      type: type, manifest: manifest, error: error, warning: warning, leftOutItems: leftOutItems,
      rendering: pendingCount, reading: isReading)
  }

  private func entry(_ name: String, _ record: Record) -> GalleryMessage.Item {
    let images = record.images
    return GalleryMessage.Item(
      name: name, generation: record.shown,
      files: images.filter { $0.error == nil }.map { image in
        record.places[image.file]
          ?? GalleryPlace(file: image.file, state: image.state, appearance: nil, variant: "")
      },
      errors: images.compactMap { $0.error.map { error in "\(name): \(error)" } },
      pending: record.generation != record.shown, leftOut: record.item.leftOut)
  }
}

/// What a page is sent: `gallery` holds every item in manifest order (on connecting and when the
/// order changed), `gallery-update` only the items named in `updates`; both hold the header.
struct GalleryMessage: Encodable {
  struct Item: Encodable, Equatable {
    var name: String
    /// The render whose images are served now; increases with every render of the item, so
    /// the page reloads its images when it changes.
    var generation: Int
    var files: [GalleryPlace]
    var errors: [String]
    /// A newer render is under way (the images served are the last good ones).
    var pending: Bool
    var leftOut: Int
  }

  var type: String
  var manifest: String
  var error: String?
  var warning: String?
  /// Items of the manifest past the gallery's budget, not shown.
  var leftOutItems: Int
  /// Items waiting for their newest render.
  var rendering: Int
  /// A newer version of the manifest is being read.
  var reading: Bool
  var items: [Item]?
  var updates: [Item]?
}

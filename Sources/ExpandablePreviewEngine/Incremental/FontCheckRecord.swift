import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// `OUT/.expandable-preview-font-check.json`: what the manifest's font check found, item by
/// item, under a key of exactly what decided it (``FontCheckKeys``), and the key of the font
/// set a configuration was last built from without error. A later run reuses both while the
/// keys match, so a run that renders nothing new never builds the font configuration (about
/// a fifth of an unchanged run). Kept apart from the render record so that it is read before
/// the run, at the size of the manifest's items, not of its files. `generator` marks it as the
/// tool's own.
package struct FontCheckRecord: ToolRecord, Sendable {
  package static let fileName = ".expandable-preview-font-check.json"
  static let title = "font check record"
  static let generatorMark = "expandable-preview font check record"
  static let currentVersion = 1
  /// The most bytes the record is read to (a million items' entries fit).
  static let maxBytes = 256 << 20

  struct Entry: Codable, Sendable, Equatable {
    /// ``FontCheckKeys/itemKey(of:setKey:)``.
    var key: String
    /// The check's messages for the item's fonts and texts (without the manifest and item
    /// prefix), in the check's order; empty when it found nothing.
    var problems: [String] = []
  }

  var generator = generatorMark
  var version = currentVersion
  /// ``FontCheckKeys/setKey(of:hashes:renderer:libraries:)`` of the last set built without error.
  var builtSet: String?
  /// By item name.
  var items: [String: Entry] = [:]
  /// The hashes of the font files, with their stamps.
  var inputs = InputHashes()

  /// The record in `folder`; nil when there is none, or the file there is not the tool's own
  /// record of this version (the check then runs in full and the file is left alone).
  static func read(in folder: FolderHandle) -> FontCheckRecord? { own(in: folder) }

  /// Whether the file named like the record in `folder` must be left alone: another's, or not
  /// a file that can be read.
  static func isForeign(in folder: FolderHandle) -> Bool {
    switch load(in: folder) {
    case .foreign, .unreadable: true
    case .absent, .own, .ownButUnusable: false
    }
  }

  /// Merges `update` into the folder's record under the folder's lock (shards checking into
  /// one folder each add their items): its set key and inputs replace the old, its items
  /// replace theirs, and items not in `manifestItems` go. Written only when it changes; a
  /// file of that name that is not the tool's is left alone.
  static func merge(_ update: FontCheckRecord, keeping manifestItems: Set<String>, in url: URL)
    throws
  {
    let folder = try FolderHandle(path: url.path)
    try FolderLock.withLock(url) {
      guard !isForeign(in: folder) else { return }
      let old = read(in: folder)
      var record = old ?? FontCheckRecord()
      record.builtSet = update.builtSet
      record.inputs = update.inputs
      record.items.merge(update.items) { _, new in new }
      record.items = record.items.filter { manifestItems.contains($0.key) }
      guard record != old else { return }
      try record.write(in: folder)
    }
  }
}

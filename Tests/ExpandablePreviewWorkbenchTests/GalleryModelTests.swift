import ExpandablePreview
import ExpandablePreviewEngine
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// The gallery's state: linear in the items (a finished render names only its item), a new
/// version of the manifest replaces the renders the old one waited for, and a budget of items.
@Suite struct GalleryModelTests {
  @Test func aFinishedRenderSendsOnlyItsItemNeverTheWholeState() throws {
    let folder = try GalleryManifestFile(count: 1_000)
    var model = GalleryModel(manifest: folder.path, maxItems: 5_000)
    let first = try Decoded(model.apply(try GalleryManifest(path: folder.path)))
    #expect(first.type == "gallery" && first.items?.count == 1_000)
    var updates: [String] = []
    while case let renders = model.nextRenders(7), !renders.isEmpty {
      for render in renders {
        let stored = model.finished(
          render.item.name, generation: render.generation, images: [Self.image],
          places: render.item.places())
        #expect(stored)
        updates.append(model.update([render.item.name]))
      }
    }
    // Every item once, each in an update of its own entry: the bytes sent over the run grow
    // with the items, not with their square.
    let decoded = try updates.map(Decoded.init)
    #expect(decoded.compactMap(\.updates).map(\.count) == Array(repeating: 1, count: 1_000))
    #expect(decoded.allSatisfy { $0.type == "gallery-update" && $0.items == nil })
    #expect(Set(decoded.compactMap { $0.updates?.first?.name }).count == 1_000)
    let sizes = updates.map(\.utf8.count)
    // Only the digits of a name and of the count still rendering differ between them.
    #expect(sizes.max()! - sizes.min()! <= 8)
    #expect(decoded.last?.rendering == 0)
  }

  @Test func anUnchangedVersionRendersNothingAgain() throws {
    let folder = try GalleryManifestFile(count: 3)
    var model = GalleryModel(manifest: folder.path, maxItems: 5_000)
    _ = model.apply(try GalleryManifest(path: folder.path))
    for render in model.nextRenders(10) {
      _ = model.finished(
        render.item.name, generation: render.generation, images: [Self.image], places: [])
    }
    let again = try Decoded(model.apply(try GalleryManifest(path: folder.path)))
    #expect(again.type == "gallery-update" && again.updates?.isEmpty == true)
    #expect(model.nextRenders(10).isEmpty)
  }

  @Test func aNewVersionReplacesTheRendersTheOldOneWaitedFor() throws {
    let folder = try GalleryManifestFile(count: 3)
    var model = GalleryModel(manifest: folder.path, maxItems: 5_000)
    _ = model.apply(try GalleryManifest(path: folder.path))
    let started = model.nextRenders(1)
    #expect(started.map(\.item.name) == ["item0"])
    // item1 is edited, item2 goes, item3 comes, while item0 renders.
    try folder.write(names: ["item0", "item1", "item3"], edited: "item1")
    let message = try Decoded(model.apply(try GalleryManifest(path: folder.path)))
    #expect(message.type == "gallery" && message.items?.map(\.name) == ["item0", "item1", "item3"])
    let next = model.nextRenders(10)
    #expect(next.map(\.item.name) == ["item1", "item3"])
    #expect(next.map(\.generation) == [2, 1])
    // item0 did not change: its render counts; item1's older version is dropped.
    let unchanged = model.finished("item0", generation: 1, images: [Self.image], places: [])
    let replaced = model.finished("item1", generation: 1, images: [Self.image], places: [])
    #expect(unchanged)
    #expect(!replaced)
    #expect(model.pendingCount == 2)
  }

  @Test func theGalleryShowsAtMostItsBudgetOfItems() throws {
    let folder = try GalleryManifestFile(count: 5)
    var model = GalleryModel(manifest: folder.path, maxItems: 3)
    let message = try Decoded(model.apply(try GalleryManifest(path: folder.path)))
    #expect(message.items?.count == 3)
    #expect(message.leftOutItems == 2)
    #expect(model.nextRenders(10).count == 3)
  }

  @Test func aLongListOfErrorsIsCutToItsFirstLines() throws {
    var model = GalleryModel(manifest: "/m.json", maxItems: 10)
    let problem = (1...500).map { "m.json:\($0):1: unknown key 'x'" }.joined(separator: "\n")
    let error = try #require(try Decoded(model.fail(problem)).error)
    let lines = error.split(separator: "\n")
    #expect(lines.count == GalleryModel.maxErrorLines + 1)
    #expect(lines.last == "… and 450 more")
  }

  static let image = PreviewImage(
    state: "collapsed", file: "collapsed@2x.png", bytes: Data([1, 2, 3]), layoutJSON: "{}",
    error: nil)
}

/// A message as the page reads it.
struct Decoded: Decodable {
  struct Item: Decodable {
    var name: String
    var generation: Int
    var pending: Bool
    var files: [File]
  }
  struct File: Decodable {
    var file: String
    var state: String
    var appearance: String?
    var variant: String
  }
  var type: String
  var error: String?
  var leftOutItems: Int
  var rendering: Int
  var items: [Item]?
  var updates: [Item]?

  init(_ text: String) throws {
    self = try JSONDecoder().decode(Decoded.self, from: Data(text.utf8))
  }
}

/// A manifest of items `item0`, `item1`, … in a folder of its own, removed with the value.
final class GalleryManifestFile {
  let folder: URL
  var path: String { folder.appendingPathComponent("manifest.json").path }

  init(count: Int) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-model-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try write(names: (0..<count).map { "item\($0)" })
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func write(names: [String], edited: String? = nil) throws {
    let items = names.map { name in
      "{\"name\": \"\(name)\", \"text\": \"\(name == edited ? "Edited" : "Text") of \(name).\"}"
    }
    let text =
      "{\"defaults\": {\"width\": 120, \"scale\": 1}, \"items\": [\(items.joined(separator: ","))]}"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}

import Foundation
import Testing

@testable import ExpandablePreviewEngine
@testable import ExpandablePreviewWorkbench

/// Where a gallery item's files sit in its grid: the state a row, the appearance a column, the
/// rest of the variant (as the file name writes it) the grid.
@Suite struct GalleryPlaceTests {
  @Test func everyFileGetsItsStateAppearanceAndTheRestOfItsVariant() throws {
    let places = try Self.places(
      #"{"name": "a", "text": "Hi", "variants": {"appearance": ["light", "dark"], "legibilityWeight": ["regular", "bold"]}}"#
    )
    #expect(places.count == 8)
    let bold = try #require(places.first { $0.file == "expanded-dark-bold@2x.png" })
    #expect(
      bold
        == GalleryPlace(
          file: "expanded-dark-bold@2x.png", state: "expanded", appearance: "dark", variant: "bold")
    )
  }

  @Test func anItemWithOneAppearanceHasNoAppearanceColumnAndScalesAreAVariant() throws {
    let places = try Self.places(#"{"name": "a", "text": "Hi", "variants": {"scale": [1, 3]}}"#)
    #expect(places.allSatisfy { $0.appearance == nil })
    #expect(Set(places.map(\.variant)) == ["@1x", "@3x"])
    #expect(Set(places.map(\.state)) == ["collapsed", "expanded"])
  }

  static func places(_ item: String) throws -> [GalleryPlace] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-place-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("manifest.json").path
    try Data(#"{"items": [\#(item)]}"#.utf8).write(to: URL(fileURLWithPath: path))
    return try #require(try GalleryManifest(path: path).items.first).places()
  }
}

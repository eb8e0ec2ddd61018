import ExpandablePreview
import Foundation
import Testing

/// `verify --compare pixels|layout|both` and goldens recorded before layout records existed.
@Suite struct VerifyCompareModeTests {
  /// Changes one pixel of a golden, as another rasteriser's anti-aliasing would.
  func nudgePixel(of golden: String, in fixture: VerifyFixture) throws {
    let url = fixture.url("snap/" + golden)
    var image = try Image(pngData: Data(contentsOf: url))
    var rgba = image.rgba
    rgba[(1 * image.width + 1) * 4..<(1 * image.width + 1) * 4 + 3] = [0, 0, 0]
    image = Image(width: image.width, height: image.height, rgba: rgba)
    try image.pngData().write(to: url)
  }

  @Test func compareLayoutPassesAPixelChangeThatBothFailsAsSameLayout() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    try nudgePixel(of: "a/collapsed@1x.png", in: fixture)

    let both = try fixture.verify("--record", "never")
    #expect(both.status == 1)
    #expect(
      both.stderr.contains(
        "a/collapsed@1x.png: same layout, pixels differ (colors or rasterisation"),
      "\(both.stderr)")
    let image = try #require(try fixture.reportImages()["a/collapsed@1x.png"])
    #expect((image["layout"] as? [String: Any])?["verdict"] as? String == "same")

    let layout = try fixture.verify("--record", "never", "--compare", "layout")
    #expect(layout.status == 0, "\(layout.stderr)")
    #expect(try fixture.statuses()["a/collapsed@1x.png"] == "match")

    let pixels = try fixture.verify("--record", "never", "--compare", "pixels")
    #expect(pixels.status == 1)
    #expect(!pixels.stderr.contains("layout"), "\(pixels.stderr)")
  }

  @Test func compareLayoutFailsAMovedCut() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    try fixture.writeManifest(
      aText: "Alphabetical beta gamma delta epsilon zeta eta theta iota kappa")
    let result = try fixture.verify("--record", "never", "--compare", "layout")
    #expect(result.status == 1)
    #expect(result.stderr.contains("a/collapsed@1x.png: layout changed: "), "\(result.stderr)")
  }

  @Test func goldensWithoutRecordsVerifyByPixelsAndSaySoOnce() throws {
    let fixture = try VerifyFixture()
    try fixture.record()
    for record in VerifyFixture.records {
      try FileManager.default.removeItem(at: fixture.url("snap/" + record))
    }
    let result = try fixture.verify("--record", "never")
    #expect(result.status == 0, "\(result.stderr)")
    let note = "3 golden(s) have no layout record, so only their pixels were compared"
    #expect(
      result.stdout.components(separatedBy: "no layout record").count == 2, "\(result.stdout)")
    #expect(result.stdout.contains(note))

    let healed = try fixture.verify("--record", "failed")
    #expect(healed.status == 0, "\(healed.stderr)")
    for record in VerifyFixture.records { #expect(fixture.exists("snap/" + record)) }
    let again = try fixture.verify("--record", "never")
    #expect(!again.stdout.contains("no layout record"))
  }

  @Test func anUnknownCompareModeIsAUsageError() throws {
    let fixture = try VerifyFixture()
    let result = try fixture.verify("--compare", "shapes")
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("--compare: unknown compare mode 'shapes'; use pixels, layout or both")
    )
  }
}

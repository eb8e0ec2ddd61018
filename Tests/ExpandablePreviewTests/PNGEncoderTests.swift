import Foundation
import Testing

@testable import ExpandablePreview

@Suite struct PNGEncoderTests {
  /// A deterministic image with gradients, so every filter byte differs from its neighbours.
  static func pattern(width: Int, height: Int, alpha: (Int, Int) -> UInt8) -> Image {
    var rgba: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        rgba += [UInt8(x * 7 % 256), UInt8(y * 13 % 256), UInt8((x * y) % 256), alpha(x, y)]
      }
    }
    return Image(width: width, height: height, rgba: rgba)
  }

  @Test func opaqueImageRoundTripsAsRGB() throws {
    let image = Self.pattern(width: 37, height: 11) { _, _ in 255 }
    #expect(image.isOpaque)
    let png = try image.pngData()
    #expect(png[25] == 2, "IHDR color type should be RGB")
    #expect(try Image(pngData: png) == image)
  }

  @Test func translucentImageRoundTripsAsRGBA() throws {
    let image = Self.pattern(width: 29, height: 9) { x, y in UInt8((x * 31 + y) % 256) }
    #expect(!image.isOpaque)
    let png = try image.pngData()
    #expect(png[25] == 6, "IHDR color type should be RGBA")
    #expect(try Image(pngData: png) == image)
  }

  @Test func equalPixelsGiveEqualBytes() throws {
    let first = Self.pattern(width: 64, height: 20) { _, _ in 255 }
    let second = Self.pattern(width: 64, height: 20) { _, _ in 255 }
    #expect(try first.pngData() == second.pngData())
  }

  @Test func renderedOpacityMatchesAScanOfThePixels() throws {
    let rendered = try render(ExpandableText(text: TestTexts.developer)).image
    let rescanned = Image(width: rendered.width, height: rendered.height, rgba: rendered.rgba)
    #expect(rendered.isOpaque == rescanned.isOpaque)
    let clear = try render(
      ExpandableText(text: TestTexts.developer),
      RenderOptions(width: 327, background: Color(Color.RGBA(red: 1, green: 1, blue: 1, alpha: 0)))
    ).image
    #expect(!clear.isOpaque)
    #expect(try Image(pngData: clear.pngData()) == clear)
  }

  @Test func translucentPixelsComeOutWithStraightColor() throws {
    let red = Color(Color.RGBA(red: 1, green: 0, blue: 0))
    let image = try render(
      ExpandableText(text: TestTexts.developer).foregroundColor(red)
        .expandButton(TextSet(text: "more", color: red)),
      RenderOptions(width: 327, background: Color(Color.RGBA(red: 0, green: 0, blue: 0, alpha: 0)))
    ).image
    var edges = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x: x, y: y)
        guard pixel.a > 0 else { continue }
        if pixel.a < 255 { edges += 1 }
        let isRed = pixel.r == 255 && pixel.g == 0 && pixel.b == 0
        #expect(isRed, "pixel \(x),\(y): \(pixel)")
        if !isRed { return }  // one failure says enough
      }
    }
    #expect(edges > 100, "antialiased edges should be translucent")
  }
}

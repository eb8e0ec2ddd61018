import Foundation
import TestSupport
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
    let rendered = try render(ExpandableText(text: TestTexts.developer)).image!
    let rescanned = Image(width: rendered.width, height: rendered.height, rgba: rendered.rgba)
    #expect(rendered.isOpaque == rescanned.isOpaque)
    let clear = try render(
      ExpandableText(text: TestTexts.developer),
      RenderOptions(width: 327, background: Color(Color.RGBA(red: 1, green: 1, blue: 1, alpha: 0)))
    ).image!
    #expect(!clear.isOpaque)
    #expect(try Image(pngData: clear.pngData()) == clear)
  }

  @Test func translucentPixelsComeOutWithStraightColor() throws {
    let red = Color(Color.RGBA(red: 1, green: 0, blue: 0))
    let image = try render(
      ExpandableText(text: TestTexts.developer).foregroundColor(red)
        .expandButton(TextSet(text: "more", color: red)),
      RenderOptions(width: 327, background: Color(Color.RGBA(red: 0, green: 0, blue: 0, alpha: 0)))
    ).image!
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

@Suite struct ScratchBufferTests {
  @Test func smallerRequestsReuseTheBlockAndLargeOnesAreReleased() {
    let buffer = ScratchBuffer()
    let first = buffer.reserve(3 << 20).baseAddress
    #expect(buffer.reserve(1 << 20).baseAddress == first)
    #expect(buffer.reserve(3 << 20).count == 3 << 20)
    #expect(buffer.reserve(3 << 20).baseAddress == first)
    buffer.releaseIfLarge()
    #expect(buffer.reserve(1).baseAddress == first, "a kept-size block stays")
    _ = buffer.reserve(ScratchBuffer.keptBytes + 1)
    #expect(buffer.capacity > ScratchBuffer.keptBytes)
    buffer.releaseIfLarge()
    #expect(buffer.capacity == 0)
  }
}

@Suite struct PNGSubFilterTests {
  /// The Sub filter as the PNG specification writes it, byte by byte into a new buffer.
  static func reference(_ rgba: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
    var out: [UInt8] = []
    for y in 0..<height {
      out.append(PNGSubFilter.type)
      for x in 0..<width {
        for c in 0..<channels {
          let byte = rgba[(y * width + x) * 4 + c]
          let left = x > 0 ? rgba[(y * width + x - 1) * 4 + c] : 0
          out.append(byte &- left)
        }
      }
    }
    return out
  }

  /// Every small size, where the in-place output and input overlap the most.
  @Test(arguments: [3, 4])
  func inPlaceFilterMatchesTheSpecification(channels: Int) {
    for width in 1...9 {
      for height in 1...6 {
        let rgba = (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ $0 >> 3) }
        let capacity = PNGSubFilter.inPlaceCapacity(width: width, height: height)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0xAB)
        buffer.copyBytes(from: rgba)
        let count = PNGSubFilter.applyInPlace(
          buffer, width: width, height: height, channels: channels)
        let expected = Self.reference(rgba, width: width, height: height, channels: channels)
        #expect(count == expected.count)
        #expect(Array(buffer[..<count]) == expected, "\(width)×\(height), \(channels) channels")
      }
    }
  }
}

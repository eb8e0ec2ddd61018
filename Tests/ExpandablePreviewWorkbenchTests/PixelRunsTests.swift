import ExpandablePreview
import ExpandablePreviewEngine
import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// A still's pixels for the live preview as runs (``PixelRuns``): the exact words for a small
/// image, every pixel back for a rendered one, and the very pixels of the PNG `render` writes.
@Suite struct PixelRunsTests {
  /// Reads runs as the page does (playground-images.js, drawRuns); nil for bytes that are not
  /// runs of a whole image.
  static func decode(_ data: Data) -> Image? {
    let bytes = [UInt8](data)
    func number(_ at: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    guard bytes.count >= 13 else { return nil }
    let (width, height, size, count) = (number(0, 4), number(4, 4), Int(bytes[8]), number(9, 4))
    guard [1, 2, 4].contains(size), bytes.count >= 13 + 4 * count else { return nil }
    let colors = (0..<count).map { Array(bytes[(13 + 4 * $0)..<(17 + 4 * $0)]) }
    func pixel(_ at: Int) -> [UInt8]? {
      guard at + size <= bytes.count else { return nil }
      if size == 4 { return Array(bytes[at..<(at + 4)]) }
      let index = number(at, size)
      return index < colors.count ? colors[index] : nil
    }
    var rgba: [UInt8] = []
    var position = 13 + 4 * count
    while position < bytes.count {
      var (head, shift) = (0, 0)
      repeat {
        guard position < bytes.count else { return nil }
        head |= Int(bytes[position] & 0x7F) << shift
        shift += 7
        position += 1
      } while bytes[position - 1] & 0x80 != 0
      let (length, isRun) = (head >> 1, head & 1 == 1)
      for _ in 0..<(isRun ? 1 : length) {
        guard let color = pixel(position) else { return nil }
        for _ in 0..<(isRun ? length : 1) { rgba += color }
        position += size
      }
    }
    guard rgba.count == width * height * 4 else { return nil }
    return Image(width: width, height: height, rgba: rgba)
  }

  static func word(_ value: UInt32) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { [UInt8]($0) }
  }

  @Test func runsOfThreeOrMoreRepeatAndTheRestStaysLiteral() {
    let (white, red, blue): ([UInt8], [UInt8], [UInt8]) = (
      [255, 255, 255, 255], [255, 0, 0, 255], [0, 0, 255, 128]
    )
    // One row: four white, red, blue, two white (too short to repeat), red.
    let row = Array(repeating: white, count: 4) + [red, blue, white, white, red]
    let image = Image(width: 9, height: 1, rgba: row.flatMap { $0 })
    // Width, height, 1-byte indices, 3 colors in the order seen; a run of 4 × color 0
    // (2 × 4 + 1), then 5 indices (2 × 5).
    let header: [UInt8] = Self.word(9) + Self.word(1) + [1] + Self.word(3)
    let segments: [UInt8] = [9, 0, 10, 1, 2, 0, 0, 1]
    let expected = header + white + red + blue + segments
    #expect([UInt8](PixelRuns.encode(image)) == expected)
    #expect(Self.decode(PixelRuns.encode(image)) == image)
  }

  @Test func aRunCrossesRowsAndAWholeImageOfOneColorIsOneSegment() {
    let image = Image(width: 3, height: 2, rgba: Array(repeating: 7, count: 24))
    let header: [UInt8] = Self.word(3) + Self.word(2) + [1] + Self.word(1)
    #expect([UInt8](PixelRuns.encode(image)) == header + [7, 7, 7, 7, 13, 0])
  }

  @Test func pastTwoHundredFiftySixColorsIndicesTakeTwoBytesAndLongCountsMoreThanOne() {
    // 300 colors one after the other, then 100 pixels of a 301st.
    let colors = (0..<300).map { [UInt8($0 % 256), UInt8($0 / 256), 9, 255] }
    let image = Image(
      width: 400, height: 1,
      rgba: colors.flatMap { $0 } + Array(repeating: [1, 2, 3, 4], count: 100).flatMap { $0 })
    let encoded = [UInt8](PixelRuns.encode(image))
    let palette = 13 + 301 * 4
    let header: [UInt8] = Self.word(400) + Self.word(1) + [2] + Self.word(301)
    #expect(Array(encoded[0..<13]) == header)
    // 300 indices: 600 as LEB128 (0x58 | 0x80, 4), each index little-endian in 2 bytes.
    #expect(Array(encoded[palette..<(palette + 6)]) == [0xD8, 0x04, 0, 0, 1, 0])
    // Then 100 × color 300: 201 as LEB128 (0x49 | 0x80, 1), index 300.
    #expect(Array(encoded.suffix(4)) == [0xC9, 0x01, 0x2C, 0x01])
    #expect(encoded.count == palette + 2 + 600 + 4)
    #expect(Self.decode(Data(encoded)) == image)
  }

  @Test func pastSixtyFiveThousandFiveHundredThirtySixColorsPixelsGoAsTheyAre() {
    let count = 65_537
    let image = Image(
      width: count, height: 1,
      rgba: (0..<count).flatMap { (index: Int) -> [UInt8] in
        [UInt8(index & 255), UInt8(index >> 8 & 255), UInt8(index >> 16), 255]
      })
    let encoded = PixelRuns.encode(image)
    let sizes: [UInt8] = [4] + Self.word(0)
    #expect(Array(encoded[8..<13]) == sizes)
    #expect(Self.decode(encoded) == image)
  }

  @Test func theLivePreviewsPixelsAreThoseOfThePNGRenderWrites() throws {
    let renderer = try Renderer(fontSet: .standard)
    let preview = try ItemPreview(
      text: "Pixel runs for the live preview, exactly the pixels of the PNG. "
        + String(repeating: "Every state, every line, every glyph's edge. ", count: 6),
      flags: [("--line-limit", "2"), ("--scale", "2"), ("--appearance", "dark")])
    for index in 0..<preview.stateCount {
      let live = preview.render(state: index, with: renderer, stillAsPixels: true)
      let pixels = try #require(live.pixels, "\(live.state)")
      #expect(live.bytes.isEmpty)
      let png = try preview.files(state: index, with: renderer)[0].bytes
      #expect(try Image(pngData: png) == pixels, "\(live.state)")
      let runs = PixelRuns.encode(pixels)
      #expect(Self.decode(runs) == pixels, "\(live.state)")
      // Runs are the point: a text's picture is far smaller than its raw pixels.
      #expect(runs.count * 3 < pixels.rgba.count, "\(live.state): \(runs.count) bytes")
    }
  }
}

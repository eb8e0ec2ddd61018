import ExpandablePreview
import Foundation

/// A still's pixels for the live preview, cheap to make and to draw: no PNG encoding on the
/// server (half its time per edit went to zlib) and no image decoding in the page, which
/// expands the runs into an `ImageData` and puts it on the canvas at once. A text's picture
/// has few colors (the background, the text and the label, and the blends of their edges) and
/// long runs of one of them, so each pixel is an index into a palette, in runs. Downloads still
/// get `render`'s PNG bytes.
///
/// The format (Documentation/Workbench.md, "The playground's socket"), integers little-endian:
/// the width and the height (4 bytes each); the index width W (1 byte: 1 up to 256 colors, 2 up
/// to 65,536, 4 for more: then an "index" is the pixel itself and there is no palette); the
/// palette's count P (4 bytes) and its P colors (4 bytes each: red, green, blue, alpha, straight
/// alpha); then segments until every pixel is given. A segment starts with a LEB128 number
/// `2 × n + k`: k = 1, one index for n pixels (a run); k = 0, n indices follow.
enum PixelRuns {
  /// A run this long or longer is a repeat segment; a shorter one stays in a literal.
  static let shortestRun = 3

  static func encode(_ image: Image) -> Data {
    image.rgba.withUnsafeBytes { bytes in
      // Pixel words as they lie in memory: a palette entry written back keeps the RGBA order.
      bytes.withMemoryRebound(to: UInt32.self) { pixels in
        // One pass each, the narrowest first: a text's picture nearly always fits 1 byte.
        let (palette, segments) =
          RunWriter.write(pixels, indexWidth: 1) ?? RunWriter.write(pixels, indexWidth: 2)
          ?? RunWriter.write(pixels, indexWidth: 4)!
        var out = Data(capacity: 13 + palette.count * 4 + segments.bytes.count)
        for word in [UInt32(image.width), UInt32(image.height)] { out.appendLittleEndian(word) }
        out.append(UInt8(segments.indexWidth))
        out.appendLittleEndian(UInt32(palette.count))
        palette.withUnsafeBytes { out.append(contentsOf: $0) }
        out.append(segments.bytes)
        return out
      }
    }
  }
}

/// One pass over the pixels: runs and literals written as they are found, each pixel's index
/// looked up (or added) in the palette as it is written. Unsafe buffers: this is the server's
/// hot loop per edit (half a million pixels for a long expanded state at scale 2).
private struct RunWriter {
  struct Segments {
    var indexWidth: Int
    var bytes: Data
  }

  /// The palette (empty for width 4) and the segments; nil when the palette outgrows
  /// `indexWidth` bytes.
  static func write(_ pixels: UnsafeBufferPointer<UInt32>, indexWidth: Int) -> (
    [UInt32], Segments
  )? {
    let count = pixels.count
    // At most one head of up to 10 bytes per pixel, and each pixel's index once.
    let capacity = count * (indexWidth + 10) + 16
    let out = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { out.deallocate() }
    var palette = Palette(limit: indexWidth == 1 ? 256 : indexWidth == 2 ? 65_536 : 0)
    var written = 0
    func head(_ length: Int, isRun: Bool) {
      var number = UInt64(length) << 1 | (isRun ? 1 : 0)
      while number >= 0x80 {
        out[written] = UInt8(truncatingIfNeeded: number) | 0x80
        written += 1
        number >>= 7
      }
      out[written] = UInt8(number)
      written += 1
    }
    func index(_ pixel: UInt32) -> Bool {
      if indexWidth == 4 {
        UnsafeMutableRawPointer(out + written).storeBytes(of: pixel, as: UInt32.self)
        written += 4
        return true
      }
      guard let value = palette.index(of: pixel) else { return false }
      out[written] = UInt8(truncatingIfNeeded: value)
      if indexWidth == 2 { out[written + 1] = UInt8(truncatingIfNeeded: value >> 8) }
      written += indexWidth
      return true
    }
    func literal(_ start: Int, _ end: Int) -> Bool {
      guard end > start else { return true }
      head(end - start, isRun: false)
      for position in start..<end where !index(pixels[position]) { return false }
      return true
    }
    var literalStart = 0
    var position = 0
    while position < count {
      let pixel = pixels[position]
      var end = position + 1
      while end < count && pixels[end] == pixel { end += 1 }
      if end - position >= PixelRuns.shortestRun {
        guard literal(literalStart, position) else { return nil }
        head(end - position, isRun: true)
        guard index(pixel) else { return nil }
        literalStart = end
      }
      position = end
    }
    guard literal(literalStart, count) else { return nil }
    return (
      palette.colors, Segments(indexWidth: indexWidth, bytes: Data(bytes: out, count: written))
    )
  }
}

/// The colors in the order first seen, each found again through an open-addressing table
/// four times the largest palette (short probes), the last one looked up kept at hand.
private struct Palette {
  private(set) var colors: [UInt32] = []
  private let limit: Int
  private let bits: Int
  private var keys: [UInt32]
  private var slots: [Int32]
  private var last: (pixel: UInt32, index: Int)?

  init(limit: Int) {
    self.limit = limit
    bits = limit > 256 ? 18 : 10
    keys = limit > 0 ? [UInt32](repeating: 0, count: 1 << bits) : []
    slots = limit > 0 ? [Int32](repeating: -1, count: 1 << bits) : []
  }

  /// The pixel's index, added when new; nil past the limit.
  mutating func index(of pixel: UInt32) -> Int? {
    if let last, last.pixel == pixel { return last.index }
    let mask = (1 << bits) - 1
    var slot = Int(truncatingIfNeeded: (pixel &* 0x9E37_79B1) >> UInt32(32 - bits)) & mask
    while slots[slot] >= 0 && keys[slot] != pixel { slot = (slot + 1) & mask }
    if slots[slot] < 0 {
      guard colors.count < limit else { return nil }
      keys[slot] = pixel
      slots[slot] = Int32(colors.count)
      colors.append(pixel)
    }
    let index = Int(slots[slot])
    last = (pixel, index)
    return index
  }
}

extension Data {
  fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}

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
        let (palette, indices) = Palette.indices(of: pixels)
        let width = palette.map { $0.count <= 256 ? 1 : 2 } ?? 4
        var out: [UInt8] = []
        out.reserveCapacity(13 + (palette?.count ?? 0) * 4 + pixels.count / 2)
        out.appendLittleEndian(UInt32(image.width))
        out.appendLittleEndian(UInt32(image.height))
        out.append(UInt8(width))
        out.appendLittleEndian(UInt32(palette?.count ?? 0))
        for color in palette ?? [] { withUnsafeBytes(of: color) { out.append(contentsOf: $0) } }
        Segments(width: width).write(indices ?? Array(pixels), into: &out)
        return Data(out)
      }
    }
  }
}

/// The colors of an image in the order first seen, and each pixel's index among them; nil
/// for both past 65,536 colors (the pixels are then written as they are).
private enum Palette {
  static func indices(of pixels: UnsafeBufferPointer<UInt32>) -> ([UInt32]?, [UInt32]?) {
    let bits = 18  // a table four times the largest palette: short probes
    let mask = (1 << bits) - 1
    var keys = [UInt32](repeating: 0, count: 1 << bits)
    var slots = [Int32](repeating: -1, count: 1 << bits)
    var colors: [UInt32] = []
    var indices = [UInt32](repeating: 0, count: pixels.count)
    var last: (pixel: UInt32, index: UInt32)? = nil
    for position in 0..<pixels.count {
      let pixel = pixels[position]
      if let last, last.pixel == pixel {
        indices[position] = last.index
        continue
      }
      var slot = Int((pixel &* 0x9E37_79B1) >> UInt32(32 - bits)) & mask
      while slots[slot] >= 0 && keys[slot] != pixel { slot = (slot + 1) & mask }
      if slots[slot] < 0 {
        guard colors.count < 65_536 else { return (nil, nil) }
        keys[slot] = pixel
        slots[slot] = Int32(colors.count)
        colors.append(pixel)
      }
      let index = UInt32(slots[slot])
      indices[position] = index
      last = (pixel, index)
    }
    return (colors, indices)
  }
}

/// Writes indices (or pixels) as runs and literals, each index in `width` bytes.
private struct Segments {
  let width: Int

  func write(_ values: [UInt32], into out: inout [UInt8]) {
    var literalStart = 0
    var position = 0
    while position < values.count {
      var end = position + 1
      while end < values.count && values[end] == values[position] { end += 1 }
      if end - position >= PixelRuns.shortestRun {
        literal(values[literalStart..<position], into: &out)
        head(count: end - position, isRun: true, into: &out)
        value(values[position], into: &out)
        literalStart = end
      }
      position = end
    }
    literal(values[literalStart..<values.count], into: &out)
  }

  private func literal(_ values: ArraySlice<UInt32>, into out: inout [UInt8]) {
    guard !values.isEmpty else { return }
    head(count: values.count, isRun: false, into: &out)
    for item in values { value(item, into: &out) }
  }

  private func head(count: Int, isRun: Bool, into out: inout [UInt8]) {
    var number = UInt64(count) << 1 | (isRun ? 1 : 0)
    while number >= 0x80 {
      out.append(UInt8(number & 0x7F) | 0x80)
      number >>= 7
    }
    out.append(UInt8(number))
  }

  private func value(_ value: UInt32, into out: inout [UInt8]) {
    switch width {
    case 1: out.append(UInt8(truncatingIfNeeded: value))
    case 2: out.appendLittleEndian(UInt16(truncatingIfNeeded: value))
    default: withUnsafeBytes(of: value) { out.append(contentsOf: $0) }  // a pixel, as it lies
    }
  }
}

extension [UInt8] {
  fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}

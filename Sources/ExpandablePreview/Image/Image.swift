internal import ExpandablePreviewSupport
import Foundation

/// A rendered image: straight-alpha RGBA bytes, row by row.
///
/// Two images are equal when their sizes and pixels are; comparing a render with a decoded golden
/// needs no PNG encoding.
public struct Image: Sendable, Hashable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// `width × height × 4` bytes: red, green, blue, alpha.
  public let rgba: [UInt8]
  /// Whether every pixel is fully opaque (then PNG encoding drops the alpha channel). Known when
  /// the image is made, so encoding does not scan the pixels again.
  public let isOpaque: Bool

  /// An image of straight (not premultiplied) RGBA bytes, `width × height × 4` of them.
  public init(width: Int, height: Int, rgba: [UInt8]) {
    self.init(width: width, height: height, rgba: rgba, isOpaque: Self.allOpaque(rgba))
  }

  /// For producers that learn the opacity while writing the pixels.
  init(width: Int, height: Int, rgba: [UInt8], isOpaque: Bool) {
    precondition(rgba.count == width * height * 4, "RGBA buffer does not match the size")
    self.width = width
    self.height = height
    self.rgba = rgba
    self.isOpaque = isOpaque
  }

  private static func allOpaque(_ rgba: [UInt8]) -> Bool {
    rgba.withUnsafeBufferPointer { bytes in
      var alphas: UInt8 = 255
      var index = 3
      while index < bytes.count {
        alphas &= bytes[index]
        index &+= 4
      }
      return alphas == 255
    }
  }

  /// The pixel at `(x, y)` as `(r, g, b, a)`.
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let index = (y * width + x) * 4
    return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
  }

  /// Encodes the image as PNG; the same pixels always give the same bytes.
  public func pngData() throws(RenderError) -> Data {
    try PNGEncoder().encode(self)
  }

  /// Writes the PNG atomically: to a temporary file beside `url`, then renamed over it.
  public func write(to url: URL) throws {
    try AtomicFile.write(pngData(), to: url)
  }
}

import Foundation

/// A rendered image: straight-alpha RGBA bytes, row by row.
public struct Image: Sendable, Hashable {
  public let width: Int
  public let height: Int
  /// `width × height × 4` bytes: red, green, blue, alpha.
  public let rgba: [UInt8]

  public init(width: Int, height: Int, rgba: [UInt8]) {
    precondition(rgba.count == width * height * 4, "RGBA buffer does not match the size")
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// Whether every pixel is fully opaque (then PNG encoding drops the alpha channel).
  public var isOpaque: Bool {
    var index = 3
    while index < rgba.count {
      if rgba[index] != 255 { return false }
      index += 4
    }
    return true
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

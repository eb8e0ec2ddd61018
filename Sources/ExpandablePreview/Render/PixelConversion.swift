/// Cairo's ARGB32 (native-endian premultiplied words) to straight-alpha RGBA bytes.
enum PixelConversion {
  /// Converts `height` rows of `width` pixels, `stride` bytes apart in `source`, into packed
  /// RGBA rows at `target`. `target` may be `source` itself when `stride` is `width × 4`: each
  /// pixel is read before it is written, and the second pass reads only `target`.
  ///
  /// - Returns: whether every pixel is opaque (then PNG encoding drops the alpha channel).
  static func argbToRGBA(
    _ source: UnsafeRawPointer, stride: Int, into target: UnsafeMutableRawPointer,
    width: Int, height: Int
  ) -> Bool {
    var alphas: UInt32 = 0xFF00_0000
    for row in 0..<height {
      let sourceRow = (source + row * stride).assumingMemoryBound(to: UInt32.self)
      let targetRow = target + row * width * 4
      // Branch-free first pass (it vectorizes): opaque pixels only need their bytes reordered
      // to R, G, B, A.
      var rowAlphas: UInt32 = 0xFF00_0000
      for column in 0..<width {
        let pixel = sourceRow[column]
        rowAlphas &= pixel
        let reordered = pixel & 0xFF00_FF00 | (pixel >> 16) & 0xFF | (pixel & 0xFF) << 16
        targetRow.storeBytes(of: reordered.littleEndian, toByteOffset: column * 4, as: UInt32.self)
      }
      alphas &= rowAlphas
      if rowAlphas & 0xFF00_0000 != 0xFF00_0000 {
        unpremultiply(targetRow.assumingMemoryBound(to: UInt8.self), width)
      }
    }
    return alphas == 0xFF00_0000
  }

  /// Rewrites the translucent pixels of an RGBA row with straight (not premultiplied) color.
  private static func unpremultiply(_ row: UnsafeMutablePointer<UInt8>, _ width: Int) {
    for column in 0..<width {
      let pixel = row + column * 4
      let alpha = UInt32(pixel[3])
      guard alpha != 255 && alpha != 0 else { continue }
      for channel in 0..<3 {
        // Cairo keeps color ≤ alpha; the clamp only guards against a surface that did not.
        pixel[channel] = UInt8(min((UInt32(pixel[channel]) * 255 + alpha / 2) / alpha, 255))
      }
    }
  }
}

/// Cairo's ARGB32 (native-endian premultiplied words) to straight-alpha RGBA bytes, in place.
enum PixelConversion {
  /// Rewrites `height` packed rows of `width` ARGB32 pixels at `pixels` as RGBA bytes.
  ///
  /// - Returns: whether every pixel is opaque (then PNG encoding drops the alpha channel).
  static func argbToRGBAInPlace(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int)
    -> Bool
  {
    var alphas: UInt32 = 0xFF00_0000
    for row in 0..<height {
      let words = UnsafeMutableBufferPointer(
        start: (pixels + row * width * 4).assumingMemoryBound(to: UInt32.self), count: width)
      // Branch-free first pass over one buffer, each word read and written at its own index,
      // so it vectorizes: opaque pixels only need their bytes reordered to R, G, B, A.
      var rowAlphas: UInt32 = 0xFF00_0000
      for index in words.indices {
        let pixel = words[index]
        rowAlphas &= pixel
        words[index] =
          (pixel & 0xFF00_FF00 | (pixel >> 16) & 0xFF | (pixel & 0xFF) << 16).littleEndian
      }
      alphas &= rowAlphas
      if rowAlphas & 0xFF00_0000 != 0xFF00_0000 {
        unpremultiply(
          UnsafeMutableRawPointer(words.baseAddress!).assumingMemoryBound(to: UInt8.self), width)
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

/// PNG filter type 1, Sub (PNG specification, section 9.2): each byte minus the same channel one
/// pixel to its left, so runs of equal pixels become zeros. Measured on the benchmark corpus it
/// deflates fastest at about Cairo's size (None and Up are in Documentation/Performance.md).
///
/// The filter works in place, in the buffer that holds the packed RGBA pixels, so encoding a
/// render needs no second image-sized buffer. It runs over every byte of every image written, so
/// it works on whole pixels: a byte-wise subtraction inside a 32-bit word (no borrow between
/// bytes), stored as 4 bytes even when only 3 are kept (the next store overwrites the 4th).
enum PNGSubFilter {
  static let type: UInt8 = 1

  /// The bytes a buffer needs for ``applyInPlace(_:width:height:channels:)``: the pixels, one
  /// filter byte a row, and room for the last 4-byte store and the one-pixel look-ahead.
  static func inPlaceCapacity(width: Int, height: Int) -> Int {
    width * height * 4 + height + 8
  }

  /// Replaces `height` packed rows of `width` RGBA pixels at the start of `buffer` with the
  /// filtered rows: each row prefixed with the filter type, `channels` bytes per pixel (3 drops
  /// alpha).
  ///
  /// - Returns: the filtered length, `(width × channels + 1) × height`.
  static func applyInPlace(
    _ buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, channels: Int
  ) -> Int {
    precondition(buffer.count >= inPlaceCapacity(width: width, height: height))
    guard let base = buffer.baseAddress, width > 0, height > 0 else { return 0 }
    if channels == 3 {
      filterRGBForward(base, width: width, height: height)
    } else {
      filterRGBABackward(base, width: width, height: height)
    }
    return (width * channels + 1) * height
  }

  /// Three bytes a pixel are fewer than the four read, so the output trails the input: going
  /// forward, every store lands on bytes already read, given that the next pixel is loaded
  /// before the current one is stored (pixel `p` of row `y` goes to `3p + y + 1`, at most 3
  /// bytes past its input `4p`; pixel `p + 1`, the next unread one, is then already in hand).
  private static func filterRGBForward(_ base: UnsafeMutableRawPointer, width: Int, height: Int) {
    var source = UnsafeRawPointer(base)
    var target = base
    var next = source.loadUnaligned(as: UInt32.self)
    for _ in 0..<height {
      target.storeBytes(of: type, as: UInt8.self)
      target += 1
      var previous: UInt32 = 0
      for _ in 0..<width {
        let pixel = next
        source += 4
        // Past the last pixel this reads the spare bytes; the value is never used.
        next = source.loadUnaligned(as: UInt32.self)
        target.storeBytes(of: bytewiseDifference(pixel, previous), toByteOffset: 0, as: UInt32.self)
        previous = pixel
        target += 3
      }
    }
  }

  /// Four bytes a pixel plus a filter byte a row make the output lead the input (pixel `p` of
  /// row `y` goes to `4p + y + 1`), so this goes backward from the last pixel: every store
  /// lands on bytes already read, and the pixel to the left is read before it can be touched.
  private static func filterRGBABackward(
    _ base: UnsafeMutableRawPointer, width: Int, height: Int
  ) {
    for row in stride(from: height - 1, through: 0, by: -1) {
      let source = UnsafeRawPointer(base + row * width * 4)
      let target = base + row * (width * 4 + 1)
      var pixel = source.loadUnaligned(fromByteOffset: (width - 1) * 4, as: UInt32.self)
      for column in stride(from: width - 1, through: 0, by: -1) {
        let left =
          column > 0 ? source.loadUnaligned(fromByteOffset: (column - 1) * 4, as: UInt32.self) : 0
        target.storeBytes(
          of: bytewiseDifference(pixel, left), toByteOffset: 1 + column * 4, as: UInt32.self)
        pixel = left
      }
      target.storeBytes(of: type, as: UInt8.self)
    }
  }

  /// `a - b` in each of the four bytes independently, modulo 256.
  @inline(__always)
  static func bytewiseDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
    ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
  }
}

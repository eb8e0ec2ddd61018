/// PNG filter type 1, Sub (PNG specification, section 9.2): each byte minus the same channel one
/// pixel to its left, so runs of equal pixels become zeros. Measured on the benchmark corpus it
/// deflates fastest at about Cairo's size (None and Up are in the README's performance notes).
enum PNGSubFilter {
  static let type: UInt8 = 1

  /// The image's rows, each prefixed with the filter type, as `channels` bytes per pixel
  /// (3 drops alpha). This runs over every byte of every image written, so it works on whole
  /// pixels: a byte-wise subtraction inside a 32-bit word (no borrow between bytes).
  static func apply(to image: Image, channels: Int) -> [UInt8] {
    let width = image.width
    let height = image.height
    let rowLength = width * channels + 1
    // Each pixel is stored as 4 bytes; with 3 channels the 4th is overwritten by the next
    // pixel or the next row's filter byte, and one spare byte takes the very last one.
    return [UInt8](unsafeUninitializedCapacity: rowLength * height + 1) { output, count in
      count = 0
      guard let out = output.baseAddress else { return }
      image.rgba.withUnsafeBytes { rgba in
        guard let pixels = rgba.baseAddress else { return }
        for row in 0..<height {
          let source = pixels + row * width * 4
          let target = UnsafeMutableRawPointer(out + row * rowLength)
          target.storeBytes(of: type, as: UInt8.self)
          if channels == 3 {
            filterRow(source, target + 1, width, stride: 3)
          } else {
            filterRow(source, target + 1, width, stride: 4)
          }
        }
      }
      count = rowLength * height
    }
  }

  /// Writes each pixel's difference as 4 bytes, `stride` bytes apart.
  @inline(__always)
  private static func filterRow(
    _ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, _ width: Int, stride: Int
  ) {
    var source = source
    var target = target
    var previous: UInt32 = 0
    for _ in 0..<width {
      let pixel = source.loadUnaligned(as: UInt32.self)
      target.storeBytes(of: bytewiseDifference(pixel, previous), as: UInt32.self)
      previous = pixel
      source += 4
      target += stride
    }
  }

  /// `a - b` in each of the four bytes independently, modulo 256.
  @inline(__always)
  static func bytewiseDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
    ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
  }
}

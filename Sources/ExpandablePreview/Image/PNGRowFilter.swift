/// The PNG filter applied to every row before deflate (PNG specification, section 9).
enum PNGRowFilter: UInt8 {
  case none = 0
  /// Each byte minus the same channel one pixel to its left: runs of equal pixels become zeros.
  case sub = 1
  /// Each byte minus the byte above it.
  case up = 2

  /// The image's rows, each prefixed with the filter type, as `channels` bytes per pixel
  /// (3 drops alpha). Pointer loops: this runs over every byte of every image written.
  func apply(to image: Image, channels: Int) -> [UInt8] {
    let width = image.width
    let height = image.height
    let rowLength = width * channels + 1
    return [UInt8](unsafeUninitializedCapacity: rowLength * height) { output, count in
      count = 0
      guard let out = output.baseAddress else { return }
      image.rgba.withUnsafeBufferPointer { rgba in
        guard let pixels = rgba.baseAddress else { return }
        for row in 0..<height {
          let source = pixels + row * width * 4
          let target = out + row * rowLength
          target[0] = rawValue
          switch (self, channels) {
          case (.sub, 3): Self.sub3(source, target + 1, width)
          case (.sub, _): Self.sub4(source, target + 1, width)
          case (.up, _):
            Self.up(source, row == 0 ? nil : source - width * 4, target + 1, width, channels)
          case (.none, _): Self.up(source, nil, target + 1, width, channels)
          }
        }
      }
      count = rowLength * height
    }
  }

  private static func sub3(
    _ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ width: Int
  ) {
    var red: UInt8 = 0
    var green: UInt8 = 0
    var blue: UInt8 = 0
    var source = source
    var target = target
    for _ in 0..<width {
      let r = source[0]
      let g = source[1]
      let b = source[2]
      target[0] = r &- red
      target[1] = g &- green
      target[2] = b &- blue
      red = r
      green = g
      blue = b
      source += 4
      target += 3
    }
  }

  private static func sub4(
    _ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ width: Int
  ) {
    var previous = (UInt8(0), UInt8(0), UInt8(0), UInt8(0))
    var source = source
    var target = target
    for _ in 0..<width {
      let pixel = (source[0], source[1], source[2], source[3])
      target[0] = pixel.0 &- previous.0
      target[1] = pixel.1 &- previous.1
      target[2] = pixel.2 &- previous.2
      target[3] = pixel.3 &- previous.3
      previous = pixel
      source += 4
      target += 4
    }
  }

  /// Up when `above` is given, None otherwise.
  private static func up(
    _ source: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>?,
    _ target: UnsafeMutablePointer<UInt8>, _ width: Int, _ channels: Int
  ) {
    var target = target
    for column in 0..<width {
      for channel in 0..<channels {
        let index = column * 4 + channel
        target[0] = source[index] &- (above?[index] ?? 0)
        target += 1
      }
    }
  }
}

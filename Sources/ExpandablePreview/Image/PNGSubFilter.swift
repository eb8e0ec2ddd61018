/// PNG filter type 1, Sub (PNG specification, section 9.2): each byte minus the same channel one
/// pixel to its left, so runs of equal pixels become zeros. Measured on the benchmark corpus it
/// deflates fastest at about Cairo's size (None and Up are in the README's performance notes).
enum PNGSubFilter {
  static let type: UInt8 = 1

  /// The image's rows, each prefixed with the filter type, as `channels` bytes per pixel
  /// (3 drops alpha). Pointer loops: this runs over every byte of every image written.
  static func apply(to image: Image, channels: Int) -> [UInt8] {
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
          target[0] = type
          if channels == 3 {
            rgb(source, target + 1, width)
          } else {
            rgba4(source, target + 1, width)
          }
        }
      }
      count = rowLength * height
    }
  }

  private static func rgb(
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

  private static func rgba4(
    _ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ width: Int
  ) {
    guard width > 0 else { return }
    for index in 0..<4 {
      target[index] = source[index]
    }
    for index in 4..<(width * 4) {
      target[index] = source[index] &- source[index - 4]
    }
  }
}

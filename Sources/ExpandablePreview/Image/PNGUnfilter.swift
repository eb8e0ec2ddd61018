/// Reverses the five PNG filter types (PNG specification, section 9) on 8-bit samples.
enum PNGUnfilter {
  /// Turns `height` filtered rows (a filter byte then `width × channels` bytes each) into packed
  /// rows of samples.
  static func unfilter(_ filtered: [UInt8], width: Int, height: Int, channels: Int)
    throws(RenderError) -> [UInt8]
  {
    let rowBytes = width * channels
    var output = [UInt8](repeating: 0, count: rowBytes * height)
    for row in 0..<height {
      let filter = filtered[row * (rowBytes + 1)]
      let input = row * (rowBytes + 1) + 1
      let start = row * rowBytes
      for index in 0..<rowBytes {
        let raw = filtered[input + index]
        let left = index >= channels ? Int(output[start + index - channels]) : 0
        let up = row > 0 ? Int(output[start - rowBytes + index]) : 0
        let upLeft =
          row > 0 && index >= channels ? Int(output[start - rowBytes + index - channels]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = left
        case 2: predictor = up
        case 3: predictor = (left + up) / 2
        case 4: predictor = paeth(left, up, upLeft)
        default: throw .png("unknown filter type \(filter) in row \(row)")
        }
        output[start + index] = raw &+ UInt8(truncatingIfNeeded: predictor)
      }
    }
    return output
  }

  private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let pa = abs(p - a)
    let pb = abs(p - b)
    let pc = abs(p - c)
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }
}

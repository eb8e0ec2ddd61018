import ExpandablePreview

/// Perceptual color distance in the YIQ space, with the weights and the scale pixelmatch
/// defines (Kotsarenko and Ramos, "Measuring perceived color difference using YIQ NTSC
/// transmission color space in mobile applications").
enum ColorDistance {
  /// The largest squared YIQ distance between two colors (black and white): thresholds are a
  /// share of it, squared, as in pixelmatch.
  static let maxDelta = 35215.0

  /// The squared distance for `threshold` (0…1).
  static func limit(threshold: Double) -> Double { maxDelta * threshold * threshold }

  /// The squared YIQ distance between two RGBA pixels. Translucent pixels are blended over
  /// white as pixelmatch does; when an alpha is below 255 they are blended over black too and
  /// the larger distance wins, so a change of alpha alone (white text on a clear background)
  /// is not invisible.
  static func distance(_ first: RGBA, _ second: RGBA) -> Double {
    let overWhite = yiqDistance(first.over(white: true), second.over(white: true))
    guard first.alpha < 255 || second.alpha < 255 else { return overWhite }
    return max(overWhite, yiqDistance(first.over(white: false), second.over(white: false)))
  }

  /// The difference of brightness (Y) between two pixels over white; the anti-aliasing test
  /// compares neighbours by brightness alone.
  static func brightnessDelta(_ first: RGBA, _ second: RGBA) -> Double {
    let a = first.over(white: true)
    let b = second.over(white: true)
    return brightness(a) - brightness(b)
  }

  /// The brightness (Y) of an opaque color.
  static func brightness(_ c: (Double, Double, Double)) -> Double {
    c.0 * 0.29889531 + c.1 * 0.58662247 + c.2 * 0.11448223
  }

  private static func yiqDistance(_ a: (Double, Double, Double), _ b: (Double, Double, Double))
    -> Double
  {
    let y = brightness(a) - brightness(b)
    let i = inPhase(a) - inPhase(b)
    let q = quadrature(a) - quadrature(b)
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
  }

  private static func inPhase(_ c: (Double, Double, Double)) -> Double {
    c.0 * 0.59597799 - c.1 * 0.27417610 - c.2 * 0.32180189
  }

  private static func quadrature(_ c: (Double, Double, Double)) -> Double {
    c.0 * 0.21147017 - c.1 * 0.52261711 + c.2 * 0.31114694
  }
}

/// One straight-alpha pixel.
struct RGBA: Equatable {
  var red: UInt8
  var green: UInt8
  var blue: UInt8
  var alpha: UInt8

  /// The opaque color seen when this pixel lies over white or black.
  func over(white: Bool) -> (Double, Double, Double) {
    let a = Double(alpha) / 255
    let backdrop = white ? 255.0 : 0
    func blend(_ c: UInt8) -> Double { backdrop + (Double(c) - backdrop) * a }
    return (blend(red), blend(green), blend(blue))
  }
}

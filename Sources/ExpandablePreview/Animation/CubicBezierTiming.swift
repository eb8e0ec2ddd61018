/// A CSS/SwiftUI timing curve: the cubic Bézier through (0, 0), (x1, y1), (x2, y2), (1, 1),
/// read as y over x. Time is x, so a time needs the curve's parameter first: Newton's method
/// from a good start, with bisection (x is monotone in the parameter since x1, x2 ∈ 0...1)
/// whenever Newton would leave the bracket or stalls.
struct CubicBezierTiming {
  let x1: Double
  let y1: Double
  let x2: Double
  let y2: Double

  /// Control points on the diagonal make y equal x: constant speed.
  static let linear = CubicBezierTiming(x1: 0, y1: 0, x2: 1, y2: 1)

  /// The progress at `time` in 0...1 (clamped outside).
  func value(at time: Double) -> Double {
    guard time > 0 else { return 0 }
    guard time < 1 else { return 1 }
    return Self.coordinate(parameter(forX: time), x1: y1, x2: y2)
  }

  /// The curve parameter whose x is `x`, to within 1e-12.
  func parameter(forX x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    var s = x
    for _ in 0..<64 {
      let error = Self.coordinate(s, x1: x1, x2: x2) - x
      if abs(error) < 1e-12 { return s }
      if error > 0 { high = s } else { low = s }
      let slope = Self.derivative(s, x1: x1, x2: x2)
      let newton = s - error / slope
      s = slope > 1e-9 && newton > low && newton < high ? newton : (low + high) / 2
    }
    return s
  }

  /// One coordinate of the Bézier at parameter `s` with end points 0 and 1.
  static func coordinate(_ s: Double, x1: Double, x2: Double) -> Double {
    let inverse = 1 - s
    return 3 * inverse * inverse * s * x1 + 3 * inverse * s * s * x2 + s * s * s
  }

  static func derivative(_ s: Double, x1: Double, x2: Double) -> Double {
    let inverse = 1 - s
    return 3 * inverse * inverse * x1 + 6 * inverse * s * (x2 - x1) + 3 * s * s * (1 - x2)
  }
}

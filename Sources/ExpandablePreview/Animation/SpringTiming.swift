import Foundation

/// A damped harmonic oscillator of unit mass pulled from 0 to 1 from rest, with SwiftUI's
/// parameters: stiffness (2π / response)², damping 4π · dampingFraction / response. Closed
/// forms for the under-, critically and over-damped cases.
struct SpringTiming {
  let response: Double
  let dampingFraction: Double
  /// The spring has settled once its displacement from the target stays below this.
  static let settleTolerance = 0.001

  private var naturalFrequency: Double { 2 * .pi / response }

  /// The progress at `time` seconds: 0 at rest before the start, tending to 1.
  func value(at time: Double) -> Double {
    guard time > 0 else { return 0 }
    return 1 + displacement(at: time)
  }

  /// Position minus target, starting at -1 with zero velocity.
  func displacement(at t: Double) -> Double {
    let omega = naturalFrequency
    let zeta = dampingFraction
    if zeta < 1 {
      let damped = omega * (1 - zeta * zeta).squareRoot()
      let b = -zeta * omega / damped
      return exp(-zeta * omega * t) * (-cos(damped * t) + b * sin(damped * t))
    }
    if zeta == 1 {
      return (-1 - omega * t) * exp(-omega * t)
    }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -omega * (zeta - root)
    let r2 = -omega * (zeta + root)
    let c1 = -r2 / (r2 - r1)
    let c2 = r1 / (r2 - r1)
    return c1 * exp(r1 * t) + c2 * exp(r2 * t)
  }

  /// A bound on |displacement| from `t` on: the envelope of the oscillation, or the (monotone)
  /// displacement itself when the spring does not oscillate.
  func displacementBound(from t: Double) -> Double {
    let zeta = dampingFraction
    guard zeta < 1 else { return abs(displacement(at: t)) }
    let omega = naturalFrequency
    let b = zeta / (1 - zeta * zeta).squareRoot()
    return exp(-zeta * omega * t) * (1 + b * b).squareRoot()
  }

  /// The first multiple of `step` at which the spring has settled.
  func settleTime(step: Double) -> Double {
    var frame = 1
    // Past the planner's frame limit the caller refuses the animation anyway.
    while displacementBound(from: Double(frame) * step) >= Self.settleTolerance,
      frame <= AnimationPlanner.maxFrames
    {
      frame += 1
    }
    return Double(frame) * step
  }
}

extension ExpandAnimation {
  /// How long the animation runs at `fps` frames a second, in seconds: a spring until it
  /// settles (as the planner samples it), any other curve its duration. For cost limits.
  package func runningSeconds(framesPerSecond fps: Int) -> Double {
    switch curve {
    case .spring(let response, let damping):
      SpringTiming(response: response, dampingFraction: damping)
        .settleTime(step: 1 / Double(max(1, fps)))
    default: duration ?? Self.defaultDuration
    }
  }
}

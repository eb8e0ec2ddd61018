@_spi(Benchmark) import ExpandablePreviewFuzzing
import TestSupport
import Testing

@_spi(Benchmark) @testable import ExpandablePreview

/// Timing curves and frame planning, against slow obvious references.
@Suite struct AnimationTimingTests {
  /// Bisection on the curve parameter, 200 halvings: slow and obviously right.
  static func referenceValue(_ curve: CubicBezierTiming, at x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if CubicBezierTiming.coordinate(middle, x1: curve.x1, x2: curve.x2) < x {
        low = middle
      } else {
        high = middle
      }
    }
    return CubicBezierTiming.coordinate((low + high) / 2, x1: curve.y1, x2: curve.y2)
  }

  @Test func bezierSolverMatchesBisectionOnRandomCurves() {
    var random = SplitMix64(seed: 14)
    for _ in 0..<500 {
      let curve = CubicBezierTiming(
        x1: random.unit(), y1: random.unit() * 3 - 1, x2: random.unit(), y2: random.unit() * 3 - 1)
      for _ in 0..<10 {
        let x = random.unit()
        #expect(abs(curve.value(at: x) - Self.referenceValue(curve, at: x)) < 1e-9)
      }
    }
  }

  @Test func swiftUIControlPointsAndEnds() {
    #expect(ExpandAnimation.easeOut.curve == .timingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1))
    #expect(ExpandAnimation.easeIn.curve == .timingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1))
    #expect(ExpandAnimation.easeInOut.curve == .timingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    #expect(ExpandAnimation.easeOut.duration == 0.35)
    #expect(ExpandAnimation.spring.curve == .spring(response: 0.55, dampingFraction: 0.825))
    #expect(ExpandableText(text: "a").expandAnimation == nil)
    for x in stride(from: 0.0, through: 1.0, by: 0.1) {
      #expect(abs(CubicBezierTiming.linear.value(at: x) - x) < 1e-9)
    }
    // easeInOut is symmetric about the middle.
    let easeInOut = CubicBezierTiming(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    #expect(abs(easeInOut.value(at: 0.5) - 0.5) < 1e-9)
    #expect(abs(easeInOut.value(at: 0.2) + easeInOut.value(at: 0.8) - 1) < 1e-9)
  }

  static func heights(_ animation: ExpandAnimation, fps: Int = 60) throws -> [Double] {
    try AnimationPlanner.frames(
      animation, framesPerSecond: fps, direction: .expanding, collapsedHeight: 60,
      expandedHeight: 160
    ).map(\.height)
  }

  static func increments(_ values: [Double]) -> [Double] {
    zip(values.dropFirst(), values).map { $0 - $1 }
  }

  @Test func easeOutIncrementsShrinkAndEaseInIncrementsGrow() throws {
    let easeOut = Self.increments(try Self.heights(.easeOut))
    let easeIn = Self.increments(try Self.heights(.easeIn))
    #expect(easeOut.allSatisfy { $0 > 0 } && easeIn.allSatisfy { $0 > 0 })
    #expect(zip(easeOut.dropFirst(), easeOut).allSatisfy { $0 < $1 })
    #expect(zip(easeIn.dropFirst(), easeIn).allSatisfy { $0 > $1 })
    for curve in [ExpandAnimation.linear, .easeInOut] {
      let heights = try Self.heights(curve)
      #expect(heights.first == 60 && heights.last == 160)
      #expect(Self.increments(heights).allSatisfy { $0 > 0 })
    }
  }

  @Test func frameCountAndDelaysFollowDurationAndRate() throws {
    for duration in [0.1, 0.35, 0.5, 1.0, 0.333] {
      for fps in [10, 24, 30, 60, 120] {
        let frames = try AnimationPlanner.frames(
          .easeOut(duration: duration), framesPerSecond: fps, direction: .expanding,
          collapsedHeight: 10, expandedHeight: 20)
        #expect(frames.count == Int((duration * Double(fps)).rounded()) + 1)
        #expect(frames.last?.time == duration && frames.last?.progress == 1)
        // The animation's own time: every frame's delay but the final one, which holds the end.
        let delays = frames.dropLast().map(\.delay).reduce(0, +)
        #expect(abs(delays - duration) <= 1 / Double(fps) + 1e-9)
      }
    }
  }

  @Test func springOvershootsOnlyBelowCriticalDamping() throws {
    for damping in [0.3, 0.6, 0.825, 0.9] {
      let frames = try AnimationPlanner.frames(
        .spring(response: 0.55, dampingFraction: damping), framesPerSecond: 60,
        direction: .expanding, collapsedHeight: 60, expandedHeight: 160)
      #expect(frames.contains { $0.progress > 1.0001 }, "damping \(damping)")
      #expect(frames.allSatisfy { $0.height <= 160 }, "clipped to the canvas")
      #expect(frames.last?.height == 160)
    }
    for damping in [1.0, 1.5, 3] {
      let frames = try AnimationPlanner.frames(
        .spring(response: 0.55, dampingFraction: damping), framesPerSecond: 60,
        direction: .expanding, collapsedHeight: 60, expandedHeight: 160)
      #expect(frames.allSatisfy { $0.progress <= 1 }, "damping \(damping)")
      #expect(Self.increments(frames.map(\.height)).allSatisfy { $0 >= 0 })
    }
  }

  @Test func springRunsUntilItSettles() throws {
    let spring = SpringTiming(response: 0.55, dampingFraction: 0.825)
    let frames = try AnimationPlanner.frames(
      .spring, framesPerSecond: 60, direction: .expanding, collapsedHeight: 0, expandedHeight: 1)
    // Settled at the end: past the last frame the spring never strays farther than the
    // tolerance (sampled finely), and it had not settled a frame earlier.
    let end = frames.last!.time
    for step in 0..<2000 {
      let time = end + Double(step) * 0.001
      #expect(abs(spring.displacement(at: time)) < SpringTiming.settleTolerance)
    }
    #expect(spring.displacementBound(from: end - 1 / 60.0) >= SpringTiming.settleTolerance)
    // The closed form matches a fine numerical integration of x'' = -k x - c x'.
    let omega = 2 * Double.pi / 0.55
    var (x, v, t) = (-1.0, 0.0, 0.0)
    let dt = 1e-5
    while t < 0.4 {
      let a = -omega * omega * x - 2 * 0.825 * omega * v
      v += a * dt
      x += v * dt
      t += dt
    }
    #expect(abs(x - spring.displacement(at: t)) < 1e-3)
  }

  @Test func collapsingRunsTheHeightsBackwards() throws {
    let expanding = try Self.heights(.easeOut)
    let collapsing = try AnimationPlanner.frames(
      .easeOut, framesPerSecond: 60, direction: .collapsing, collapsedHeight: 60,
      expandedHeight: 160
    ).map(\.height)
    #expect(collapsing.first == 160 && collapsing.last == 60)
    for (a, b) in zip(expanding, collapsing) { #expect(abs(a - 60 - (160 - b)) < 1e-9) }
  }

  @Test func badValuesAreRefusedWithTheirName() {
    #expect(
      throws: RenderError.configuration(
        "animation duration must be above 0 and at most 60 seconds, got -1.0")
    ) {
      try AnimationPlanner.frames(
        .easeOut(duration: -1), framesPerSecond: 60, direction: .expanding, collapsedHeight: 1,
        expandedHeight: 2)
    }
    #expect(throws: RenderError.self) {
      try AnimationPlanner.frames(
        .easeOut, framesPerSecond: 0, direction: .expanding, collapsedHeight: 1, expandedHeight: 2)
    }
    #expect(throws: RenderError.self) {
      try AnimationPlanner.frames(
        .spring(response: 0.5, dampingFraction: 0), framesPerSecond: 60, direction: .expanding,
        collapsedHeight: 1, expandedHeight: 2)
    }
  }

  /// The documented longest duration (60 s) renders at the default 60 fps; one frame more is
  /// refused with the rule in words.
  @Test func theLongestDocumentedDurationRendersAtTheDefaultFrameRate() throws {
    let frames = try AnimationPlanner.frames(
      .linear(duration: 60), framesPerSecond: 60, direction: .expanding, collapsedHeight: 10,
      expandedHeight: 20)
    #expect(frames.count == 3601)
    #expect(
      throws: RenderError.configuration(
        ConfigurationError(
          "the animation would take 3661 frames at 61 fps; at most 3601 are rendered (duration × "
            + "fps at most 3600, such as 60 s at 60 fps): shorten it or lower the fps"))
    ) {
      try AnimationPlanner.frames(
        .linear(duration: 60), framesPerSecond: 61, direction: .expanding, collapsedHeight: 10,
        expandedHeight: 20)
    }
  }
}

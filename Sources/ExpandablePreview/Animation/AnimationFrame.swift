/// One frame of an animation: when it is shown, how far the component has opened, how tall it is.
public struct AnimationFrame: Sendable, Hashable, Codable {
  /// Seconds from the start of the animation.
  public var time: Double
  /// The timing curve's value at `time`: 0 at the start, 1 at the end. A spring below critical
  /// damping passes 1 on its way.
  public var progress: Double
  /// How open the component is: 0 collapsed, 1 expanded (`progress`, or `1 - progress` when
  /// collapsing), not clamped.
  public var openness: Double
  /// The component's height in points at this frame, between 0 and the taller state's height
  /// (the canvas): a spring's overshoot past it is clipped to the canvas.
  public var height: Double
  /// How long the frame is shown, in seconds (`1 / framesPerSecond`).
  public var delay: Double
}

/// Samples an animation's curve at the frame rate; no drawing.
enum AnimationPlanner {
  /// The frames from the start to the end state: for a timing curve round(duration × fps) + 1
  /// frames spread evenly over the duration; for a spring one every 1 / fps seconds until it
  /// settles. The last frame is exactly the end state.
  static func frames(
    _ animation: ExpandAnimation, framesPerSecond fps: Int, direction: AnimationDirection,
    collapsedHeight: Double, expandedHeight: Double
  ) throws(RenderError) -> [AnimationFrame] {
    try animation.validate()
    if let problem = SettingRules.framesPerSecond(fps) {
      throw .configuration(ConfigurationError(problem))
    }
    let step = 1 / Double(fps)
    var samples: [(time: Double, progress: Double)]
    switch animation.curve {
    case .spring(let response, let damping):
      let spring = SpringTiming(response: response, dampingFraction: damping)
      let count = Int((spring.settleTime(step: step) * Double(fps)).rounded()) + 1
      samples = (0..<count).map { index in
        let time = Double(index) * step
        return (time, spring.value(at: time))
      }
    case .linear:
      samples = timingSamples(animation, curve: .linear, fps: fps)
    case .timingCurve(let x1, let y1, let x2, let y2):
      samples = timingSamples(
        animation, curve: CubicBezierTiming(x1: x1, y1: y1, x2: x2, y2: y2), fps: fps)
    }
    guard samples.count <= maxFrames else {
      throw .configuration(
        ConfigurationError(
          "the animation would take \(samples.count) frames at \(fps) fps; at most \(maxFrames) are "
            + "rendered (duration × fps at most \(maxFrames - 1), such as 60 s at 60 fps): shorten "
            + "it or lower the fps"))
    }
    samples[samples.count - 1].progress = 1
    return samples.map { sample in
      let openness = direction == .expanding ? sample.progress : 1 - sample.progress
      let height = collapsedHeight + (expandedHeight - collapsedHeight) * openness
      return AnimationFrame(
        time: sample.time, progress: sample.progress, openness: openness,
        height: min(max(height, 0), max(collapsedHeight, expandedHeight)), delay: step)
    }
  }

  /// The most frames one animation renders: a minute at 60 fps, both ends included (the
  /// documented longest duration at the default fps).
  static let maxFrames = 3601

  /// round(duration × fps) + 1 samples of a timing curve, evenly spread over its duration.
  private static func timingSamples(
    _ animation: ExpandAnimation, curve: CubicBezierTiming, fps: Int
  ) -> [(time: Double, progress: Double)] {
    let duration = animation.duration ?? ExpandAnimation.defaultDuration
    let intervals = max(1, Int((duration * Double(fps)).rounded()))
    return (0...intervals).map { index in
      let fraction = Double(index) / Double(intervals)
      return (fraction * duration, curve.value(at: fraction))
    }
  }
}

/// How the component animates between its states, as SwiftUI's `Animation` values do: a timing
/// curve over a duration, or a spring that runs until it settles.
///
/// ```swift
/// ExpandableText(text: bio).expandAnimation(.easeOut)
/// ExpandableText(text: bio).expandAnimation(.easeInOut(duration: 0.5))
/// ExpandableText(text: bio).expandAnimation(.spring(response: 0.4, dampingFraction: 0.6))
/// ```
public struct ExpandAnimation: Sendable, Hashable {
  /// SwiftUI's default duration for the timing curves.
  public static let defaultDuration = 0.35
  /// SwiftUI's default spring response, in seconds.
  public static let defaultSpringResponse = 0.55
  /// SwiftUI's default spring damping fraction.
  public static let defaultDampingFraction = 0.825

  /// How progress follows time.
  public enum Curve: Sendable, Hashable {
    /// Progress proportional to time.
    case linear
    /// A cubic Bézier from (0, 0) to (1, 1) through two control points, as CSS and SwiftUI use.
    case timingCurve(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A damped spring of unit mass from rest: `response` is the undamped period in seconds,
    /// `dampingFraction` 1 is critical damping (below it the spring overshoots).
    case spring(response: Double, dampingFraction: Double)
  }

  /// How progress follows time.
  public var curve: Curve
  /// Seconds; `nil` for a spring, which lasts until it settles.
  public var duration: Double?

  /// An animation along `curve` lasting `duration` seconds (`nil` for a spring).
  public init(curve: Curve, duration: Double?) {
    self.curve = curve
    self.duration = duration
  }

  /// A linear animation of ``defaultDuration``.
  public static let linear = linear(duration: defaultDuration)
  /// SwiftUI's `easeIn` of ``defaultDuration``.
  public static let easeIn = easeIn(duration: defaultDuration)
  /// SwiftUI's `easeOut` of ``defaultDuration``.
  public static let easeOut = easeOut(duration: defaultDuration)
  /// SwiftUI's `easeInOut` of ``defaultDuration``.
  public static let easeInOut = easeInOut(duration: defaultDuration)
  /// SwiftUI's default spring (response 0.55 s, damping fraction 0.825).
  public static let spring = spring()

  /// A linear animation lasting `duration` seconds.
  public static func linear(duration: Double) -> Self {
    Self(curve: .linear, duration: duration)
  }
  /// SwiftUI's control points (0.42, 0) and (1, 1).
  public static func easeIn(duration: Double) -> Self {
    Self(curve: .timingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1), duration: duration)
  }
  /// SwiftUI's control points (0, 0) and (0.58, 1).
  public static func easeOut(duration: Double) -> Self {
    Self(curve: .timingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1), duration: duration)
  }
  /// SwiftUI's control points (0.42, 0) and (0.58, 1).
  public static func easeInOut(duration: Double) -> Self {
    Self(curve: .timingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1), duration: duration)
  }
  /// SwiftUI's defaults: a 0.55 s response, damped to 0.825 of critical.
  public static func spring(
    response: Double = defaultSpringResponse, dampingFraction: Double = defaultDampingFraction
  ) -> Self {
    Self(curve: .spring(response: response, dampingFraction: dampingFraction), duration: nil)
  }

  /// Checks the values a render depends on, with the rule book's limits (``SettingRules``).
  func validate() throws(RenderError) {
    func check(_ problem: SettingProblem?) throws(RenderError) {
      if let problem { throw .configuration("animation \(problem)") }
    }
    switch curve {
    case .linear: break
    case .timingCurve(let x1, let y1, let x2, let y2):
      guard [y1, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else {
        throw .configuration(
          "timing curve control points need x in 0...1 and finite y, not (\(x1), \(y1)) (\(x2), \(y2))"
        )
      }
    case .spring(let response, let damping):
      try check(SettingRules.animationSeconds(response, .response))
      try check(SettingRules.dampingFraction(damping))
    }
    if let duration { try check(SettingRules.animationSeconds(duration, .duration)) }
    if case .spring = curve, duration != nil {
      throw .configuration("a spring lasts until it settles; it takes no duration")
    }
    if !isSpring, duration == nil {
      throw .configuration("a timing curve needs a duration")
    }
  }

  var isSpring: Bool {
    if case .spring = curve { return true }
    return false
  }
}

/// Which way an animation runs.
public enum AnimationDirection: String, Sendable, Hashable, CaseIterable, Codable {
  /// From the collapsed state to the expanded one.
  case expanding
  /// From the expanded state back to the collapsed one (needs a collapse label to tap).
  case collapsing
}

extension ExpandableText {
  /// The animation of the change between the states; `nil` (the default) changes at once.
  public func expandAnimation(_ animation: ExpandAnimation?) -> Self {
    var copy = self
    copy.expandAnimation = animation
    return copy
  }
}

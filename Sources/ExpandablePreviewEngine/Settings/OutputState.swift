import ExpandablePreview

/// What one file of an item shows: a still state, or the animation from one to the other.
/// The manifest's `states` and `render --text --state` list these.
package enum OutputState: String, Sendable, Hashable, CaseIterable, Codable {
  case collapsed, expanded, expanding, collapsing

  /// The still's state; nil for an animation.
  package var still: ExpansionState? {
    switch self {
    case .collapsed: .collapsed
    case .expanded: .expanded
    case .expanding, .collapsing: nil
    }
  }

  /// The animation's direction; nil for a still.
  package var direction: AnimationDirection? {
    switch self {
    case .expanding: .expanding
    case .collapsing: .collapsing
    case .collapsed, .expanded: nil
    }
  }

  /// The states an item renders when `states` is not set: both stills, and with an animation
  /// the expansion, and the collapse when a collapse label exists to tap.
  static func defaults(for component: ExpandableText) -> [OutputState] {
    guard component.expandAnimation != nil else { return [.collapsed, .expanded] }
    return component.collapseButton == nil
      ? [.collapsed, .expanded, .expanding] : allCases
  }

  /// Why `states` cannot be rendered for `component`, naming the state; nil when they can.
  static func problem(with states: [OutputState], for component: ExpandableText) -> String? {
    if component.expandAnimation == nil,
      let animated = states.first(where: { $0.direction != nil })
    {
      return "'\(animated.rawValue)' needs an animation: set 'animation' (for example "
        + "\"easeOut\")"
    }
    if states.contains(.collapsing), let problem = SettingRules.collapsing(component) {
      return "\(problem.requirement): set 'collapseButton', or leave 'collapsing' out"
    }
    return nil
  }
}

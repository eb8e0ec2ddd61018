import ExpandablePreview

/// What one file of an item shows: a still state, or the animation from one to the other.
/// The manifest's `states` and `render --text --state` list these.
package enum OutputState: String, Sendable, Hashable, CaseIterable, Codable {
  case collapsed, expanded, expanding, collapsing

  /// The kind of output a file of this state is (``OutputKind``): where a new kind's state
  /// names it.
  package var kind: OutputKind {
    switch self {
    case .collapsed, .expanded: .still
    case .expanding, .collapsing: .animation
    }
  }

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
}

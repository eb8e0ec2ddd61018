import ExpandablePreview

/// A rule between an item's settings that no single setting can check: which states, formats
/// and overlay can be written together. The manifest and `render --text` check the same rules
/// (``ManifestItem/init(name:text:settings:)``) and say them in the same words,
/// each naming the settings its own way (``SettingNames``).
package enum ItemRule: Error, Equatable {
  /// The merged animation fields do not make an animation (``AnimationSettings/problem``).
  case animation(String)
  /// A collapse label whose fields were set without its text.
  case collapseLabelNeedsText
  /// An animated state without an animation.
  case stateNeedsAnimation(OutputState)
  /// The collapsing state without a collapse label to tap; `requirement` is the rule book's.
  case collapsingNeedsLabel(requirement: String)
  /// SVG or PDF asked for, but only animations (animated PNG) are rendered.
  case vectorsNeedStill(vectors: [OutputFormat], states: [OutputState])
  /// The accessibility overlay asked for, but only animations are rendered.
  case overlayNeedsStill(states: [OutputState])
  /// The accessibility overlay asked for, but no PNG is written beside which it could stand.
  case overlayNeedsPNG(formats: [OutputFormat])

  /// The manifest key the rule is about (its position in the file, its flag on the command line).
  package var key: String {
    switch self {
    case .animation: "animation"
    case .collapseLabelNeedsText: "collapseButton"
    case .stateNeedsAnimation, .collapsingNeedsLabel: "states"
    case .vectorsNeedStill: "formats"
    case .overlayNeedsStill, .overlayNeedsPNG: "accessibilityOverlay"
    }
  }

  /// What is wrong and what to do, in `names`' words, without the setting's own name in front.
  package func message(_ names: SettingNames) -> String {
    switch self {
    case .animation(let problem):
      return problem
    case .collapseLabelNeedsText:
      return "needs \(names.labelText)"
    case .stateNeedsAnimation(let state):
      return "'\(state.rawValue)' needs an animation: \(names.setAnimation)"
    case .collapsingNeedsLabel(let requirement):
      return "\(requirement): \(names.setCollapseLabel), or \(names.leaveOut(.collapsing))"
    case .vectorsNeedStill(let vectors, let states):
      return
        "\(vectors.map(\.rawValue).joined(separator: " and ")) draw still states only, but \(names.subject) renders only "
        + "animations (\(Self.list(states))), which are animated PNG; \(names.addStill), or "
        + names.leaveOutVectors(vectors)
    case .overlayNeedsStill(let states):
      return "the overlay shows a still's accessibility elements, but \(names.subject) renders "
        + "only animations (\(Self.list(states))); \(names.addStill), or leave out "
        + names.name("accessibilityOverlay")
    case .overlayNeedsPNG(let formats):
      return "the overlay is a PNG written beside the still's PNG, but \(names.quoted("formats")) "
        + "has no png (\(formats.map(\.rawValue).joined(separator: ", "))); \(names.addPNG), or "
        + "leave out \(names.name("accessibilityOverlay"))"
    }
  }

  /// The first rule the settings break, or nil.
  static func check(_ settings: ComponentSettings, _ component: ExpandableText) -> ItemRule? {
    if case .value(let label) = settings.collapseButton, label.text == nil {
      return .collapseLabelNeedsText
    }
    if let problem = settings.animation?.wrapped?.problem { return .animation(problem) }
    return check(
      component, states: settings.states ?? OutputState.defaults(for: component),
      formats: settings.formats ?? [.png], overlay: settings.accessibilityOverlay ?? false)
  }

  /// The first rule `states`, `formats` and the overlay break for `component`, or nil.
  static func check(
    _ component: ExpandableText, states: [OutputState], formats: [OutputFormat],
    overlay: Bool
  ) -> ItemRule? {
    if component.expandAnimation == nil, let animated = states.first(where: { $0.isAnimation }) {
      return .stateNeedsAnimation(animated)
    }
    if states.contains(.collapsing), let problem = SettingRules.collapsing(component) {
      return .collapsingNeedsLabel(requirement: problem.requirement)
    }
    let hasStill = states.contains { !$0.isAnimation }
    let vectors = formats.filter { $0 != .png }
    if !vectors.isEmpty, !hasStill { return .vectorsNeedStill(vectors: vectors, states: states) }
    if overlay, !hasStill { return .overlayNeedsStill(states: states) }
    if overlay, !formats.contains(.png) { return .overlayNeedsPNG(formats: formats) }
    return nil
  }

  private static func list(_ states: [OutputState]) -> String {
    states.map(\.rawValue).joined(separator: ", ")
  }
}

extension OutputState {
  /// Whether this state is an animation (expanding or collapsing).
  var isAnimation: Bool { direction != nil }
}

import ExpandablePreview

/// The words for an animation of a text that fits within its line limit: there is nothing to
/// expand, so the file is one frame, the still (``AnimationRenderResult/isStill``). A warning,
/// an error with `--strict`, as the font checks are.
package enum StillAnimation {
  /// Why there is nothing to animate; `lineLimit` names the setting as the user wrote it (a
  /// manifest key or a flag).
  package static func reason(_ component: ExpandableText, lineLimit: String) -> String {
    "the text fits within \(lineLimit) \(component.lineLimit), so there is nothing to expand"
  }

  /// What the file holds instead of an animation.
  package static func written(_ file: String) -> String { "\(file) is one frame, the still" }
}

import ExpandablePreview
import Foundation

/// What `layout.json` says about one rendered file: a still's layout decisions, or an
/// animation's frames, its canvas (in points and pixels), the layouts of its two ends (as a
/// golden record keeps them), and whether it is one frame because the text fits
/// (``AnimationRenderResult/isStill``).
package enum FileLayout: Sendable, Codable {
  case still(LayoutResult)
  case animation(AnimationLayout)

  /// An animation's part of `layout.json`.
  package struct AnimationLayout: Sendable, Codable {
    package var frames: [AnimationFrame]
    package var size: Size
    package var pixelSize: Size
    package var collapsed: LayoutResult
    package var expanded: LayoutResult
    package var isStill: Bool

    package init(_ animation: AnimationRenderResult) {
      frames = animation.frames
      size = animation.size
      pixelSize = animation.pixelSize
      collapsed = animation.collapsed
      expanded = animation.expanded
      isStill = animation.isStill
    }
  }

  /// Whether this is an animation with nothing to expand.
  package var isStillAnimation: Bool {
    if case .animation(let animation) = self { animation.isStill } else { false }
  }
}

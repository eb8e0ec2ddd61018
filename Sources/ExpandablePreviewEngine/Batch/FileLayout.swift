import ExpandablePreview
import Foundation

/// What `layout.json` says about one rendered file: a still's layout decisions, or an
/// animation's frames and its canvas (in points and pixels), and whether it is one frame
/// because the text fits (``AnimationRenderResult/isStill``).
package enum FileLayout: Sendable, Codable {
  case still(LayoutResult)
  case animation(frames: [AnimationFrame], size: Size, pixelSize: Size, isStill: Bool)

  /// Whether this is an animation with nothing to expand.
  package var isStillAnimation: Bool {
    if case .animation(_, _, _, let isStill) = self { isStill } else { false }
  }
}

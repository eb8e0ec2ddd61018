import ExpandablePreview
import Foundation

/// What `layout.json` says about one rendered file: a still's layout decisions, or an
/// animation's frames and its canvas (in points and pixels), and whether it is one frame
/// because the text fits (``AnimationRenderResult/isStill``).
enum FileLayout: Sendable {
  case still(LayoutResult)
  case animation(frames: [AnimationFrame], size: Size, pixelSize: Size, isStill: Bool)

  /// Whether this is an animation with nothing to expand.
  var isStillAnimation: Bool {
    if case .animation(_, _, _, let isStill) = self { isStill } else { false }
  }
}

extension RenderJob {
  /// Renders the job's file: a still as PNG, an animation as APNG. With `strict`, an
  /// animation of a text that fits (nothing to expand) is an error instead of one frame.
  func render(with renderer: Renderer, strict: Bool = false) throws -> (
    bytes: Data, layout: FileLayout
  ) {
    guard let direction = state.direction else {
      let rendered = try renderer.renderPNG(component, options: options)
      return (rendered.png, .still(rendered.layout))
    }
    let animation = try renderer.renderAnimation(
      component, options: options, direction: direction)
    if strict && animation.isStill {
      throw JobFailure.other(
        StillAnimation.reason(component, lineLimit: "lineLimit")
          + "; not written (--strict): leave '\(state.rawValue)' out of 'states' or set "
          + "'animation' to null")
    }
    return (
      animation.apng,
      .animation(
        frames: animation.frames, size: animation.size, pixelSize: animation.pixelSize,
        isStill: animation.isStill)
    )
  }
}

import ExpandablePreview
import Foundation

/// What `layout.json` says about one rendered file: a still's layout decisions, or an
/// animation's frames and its canvas (in points and pixels).
enum FileLayout: Sendable {
  case still(LayoutResult)
  case animation(frames: [AnimationFrame], size: Size, pixelSize: Size)
}

extension RenderJob {
  /// Renders the job's file: a still as PNG, an animation as APNG.
  func render(with renderer: Renderer) throws -> (bytes: Data, layout: FileLayout) {
    guard let direction = state.direction else {
      let rendered = try renderer.renderPNG(component, options: options)
      return (rendered.png, .still(rendered.layout))
    }
    let animation = try renderer.renderAnimation(
      component, options: options, direction: direction)
    return (
      animation.apng,
      .animation(frames: animation.frames, size: animation.size, pixelSize: animation.pixelSize)
    )
  }
}

import ExpandablePreview
import ExpandablePreviewEngine

/// What one playground request may cost, so that no page holds a render thread for long: an
/// animation's frames times its width in pixels are bounded (a minute at 60 fps, 8,000 points
/// wide at scale 4 took minutes and gigabytes). `render` has no such limit beyond the
/// renderer's own.
enum PlaygroundLimits {
  /// Frames × image width in pixels: 61 frames (1 s at 60 fps) 16,000 pixels wide, or 601
  /// frames (10 s) 1,664 wide.
  static let maxAnimationFrameColumns = 1_000_000

  /// Why `preview`'s animation is too costly for the playground, or nil.
  static func animationProblem(_ preview: ItemPreview) -> String? {
    guard let animation = preview.component.expandAnimation else { return nil }
    let options = preview.options
    let seconds = min(60, animation.runningSeconds(framesPerSecond: options.framesPerSecond))
    let frames = (seconds * Double(options.framesPerSecond)).rounded() + 1
    let columns = frames * options.width * Double(options.scale)
    guard columns > Double(maxAnimationFrameColumns) else { return nil }
    return "the animation is too large for the playground: \(Int(frames)) frames × "
      + "\(Int((options.width * Double(options.scale)).rounded())) pixels wide is over "
      + "\(maxAnimationFrameColumns) (frames × width in pixels); shorten it, lower the fps, "
      + "the width or the scale, or render it with `expandable-preview render`"
  }
}

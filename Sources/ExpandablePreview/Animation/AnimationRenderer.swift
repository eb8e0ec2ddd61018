import Foundation

/// An animation between a component's states
/// (``Renderer/renderAnimation(_:options:direction:keepingFrames:eachFrame:)``). A value of its
/// own, not a ``RenderResult`` with more fields: it is drawn from two layouts, not one, on a
/// canvas neither still has, as a sequence of timed frames, so a still's single layout and
/// encodings have no meaning here.
public struct AnimationRenderResult: Sendable {
  /// The animated PNG: one frame per entry of `frames`, looping, on the canvas.
  public let apng: Data
  /// The canvas in points and in pixels: the expanded width by the taller state's height (the
  /// expanded one, unless a tall label makes the collapsed state taller).
  public let size: Size
  /// The canvas in pixels: ``size`` times the scale.
  public let pixelSize: Size
  /// Each frame's time and the state it shows, in order.
  public let frames: [AnimationFrame]
  /// True when the text fits within its line limit: both states are the same still, so there
  /// is nothing to expand and the animation is that one frame (a one-frame APNG).
  public let isStill: Bool
  /// The frames as images, when asked for (`keepingFrames`); otherwise empty.
  public let images: [Image]
  /// Whether the animation expands or collapses.
  public let direction: AnimationDirection
  /// The layouts of the two still states the animation runs between.
  public let collapsed: LayoutResult
  /// The layout of the expanded still.
  public let expanded: LayoutResult
  /// The paths of the font files Pango drew both states with, sorted; see
  /// ``RenderResult/fontFiles``.
  public let fontFiles: [String]
  /// The faces both states are drawn with, fallbacks included, by name, sorted.
  package let fontFaces: [String]
}

extension Renderer {
  /// Reduce Motion's openness per frame: the curve's progress clamped to 0...1 and never
  /// going back (a spring's overshoot and return would otherwise flicker the dissolve), as
  /// openness in the animation's direction.
  static func dissolve(_ frames: [AnimationFrame], direction: AnimationDirection) -> [Double] {
    var reached = 0.0
    return frames.map { frame in
      reached = max(reached, min(max(frame.progress, 0), 1))
      return direction == .expanding ? reached : 1 - reached
    }
  }

  /// Renders the component's ``ExpandableText/expandAnimation`` from one state to the other at
  /// `options.framesPerSecond`, as an animated PNG. The canvas fits both stills (the expanded
  /// size, or taller when a tall label makes the collapsed state taller); the first frame
  /// equals the start state's still and the last the end state's, pixel for pixel (a still
  /// shorter than the canvas has the background below it). `options.state` is ignored:
  /// `direction` says where the animation starts.
  ///
  /// - Throws: ``RenderError/configuration(_:)`` when the component has no animation, when
  ///   collapsing is asked of a component without a collapse label, or for values out of range;
  ///   otherwise as ``render(_:options:)``. A text within its line limit is not an error: the
  ///   result is one frame and says so (``AnimationRenderResult/isStill``).
  /// - Parameters:
  ///   - component: the component, with its ``ExpandableText/expandAnimation``.
  ///   - options: the canvas, as for a still; `framesPerSecond` sets the frame rate.
  ///   - direction: whether the animation expands or collapses.
  ///   - keepingFrames: keep every frame as an ``Image`` in the result (a golden check compares
  ///     them); memory grows with the frame count times the canvas.
  ///   - eachFrame: called with each frame's number and image as soon as it is drawn, so a
  ///     caller can write frames out without keeping them all (`--frames`).
  public func renderAnimation(
    _ component: ExpandableText, options: RenderOptions,
    direction: AnimationDirection = .expanding, keepingFrames: Bool = false,
    eachFrame: ((_ index: Int, _ image: Image) -> Void)? = nil
  ) throws(RenderError) -> AnimationRenderResult {
    try serializedForSystemFonts { () throws(RenderError) in
      try renderAnimationNow(
        component, options: options, direction: direction, keepingFrames: keepingFrames,
        eachFrame: eachFrame)
    }
  }

  private func renderAnimationNow(
    _ component: ExpandableText, options: RenderOptions, direction: AnimationDirection,
    keepingFrames: Bool, eachFrame: ((_ index: Int, _ image: Image) -> Void)?
  ) throws(RenderError) -> AnimationRenderResult {
    guard let animation = component.expandAnimation else {
      throw .configuration(
        "the component has no animation to render: set expandAnimation(_:), for example .easeOut")
    }
    if direction == .collapsing, let problem = SettingRules.collapsing(component) {
      throw .configuration("\(problem.requirement): set collapseButton(_:) on the component")
    }
    var collapsedOptions = options
    collapsedOptions.state = .collapsed
    var expandedOptions = options
    expandedOptions.state = .expanded
    let collapsed = try layout(component, options: collapsedOptions)
    let expanded = try layout(component, options: expandedOptions)
    let painter = FramePainter(
      collapsed: collapsed, expanded: expanded, options: expandedOptions,
      style: component.truncationStyle)
    var frames = try AnimationPlanner.frames(
      animation, framesPerSecond: options.framesPerSecond, direction: direction,
      collapsedHeight: collapsed.result.size.height, expandedHeight: expanded.result.size.height)
    // A text within its line limit draws the same in both states: one frame, the still, where
    // identical frames would pretend that something moves.
    let isStill = !collapsed.result.exceedsLineLimit
    if isStill {
      frames = [frames[frames.count - 1]]
      frames[0].time = 0
    }
    // Reduce Motion dissolves instead of resizing: every frame is the canvas's height.
    let painted =
      options.accessibilityReduceMotion
      ? Self.dissolve(frames, direction: direction) : frames.map(\.openness)
    if options.accessibilityReduceMotion {
      for index in frames.indices { frames[index].height = painter.canvas.height }
    }
    let size = painter.pixelSize
    try Self.checkLimits(size)
    let background = options.resolve(options.background ?? .systemBackground)
    let encoder = try APNGEncoder(
      width: Int(size.width), height: Int(size.height), frameCount: frames.count, plays: 0,
      isOpaque: background.alpha >= 1)
    // One surface for all frames: each frame repaints only the rows that can change.
    let surface = try CairoImageSurface(
      width: Int(size.width), height: Int(size.height), pixels: ScratchBuffer())
    var rgba = [UInt8](repeating: 0, count: surface.width * surface.height * 4)
    var images: [Image] = []
    var previous: Double? = nil
    for (index, openness) in painted.enumerated() {
      let rows = painter.damagedRows(from: previous, to: openness)
      try painter.paint(openness: openness, rows: rows, on: surface)
      let added = rgba.withUnsafeMutableBytes { buffer in
        Result { () throws(RenderError) in
          try encoder.append(
            rgba: UnsafeRawBufferPointer(buffer), changedRows: rows,
            isOpaque: try surface.copyRGBA(rows: rows, into: buffer.baseAddress!),
            delayNumerator: 1, delayDenominator: UInt16(options.framesPerSecond))
        }
      }
      try added.get()
      if keepingFrames || eachFrame != nil {
        let image = Image(width: surface.width, height: surface.height, rgba: rgba)
        eachFrame?(index, image)
        if keepingFrames { images.append(image) }
      }
      previous = openness
    }
    return AnimationRenderResult(
      apng: try encoder.finish(), size: painter.canvas, pixelSize: size, frames: frames,
      isStill: isStill, images: images, direction: direction, collapsed: collapsed.result,
      expanded: expanded.result,
      fontFiles: Set(collapsed.fontFiles() + expanded.fontFiles()).sorted(),
      fontFaces: Set(collapsed.fontFaces() + expanded.fontFaces()).sorted())
  }
}

internal import CPangoCairo

/// Paints one frame of an animation between a component's two layouts on a canvas that fits
/// both: the expanded width by the taller state's height. The frame model (Documentation/Component.md, "Expansion animation"):
/// - the content's bottom edge moves from the collapsed to the expanded one with `openness`;
///   the expanded text is drawn clipped to it, the background shows below the frame's height;
/// - fade style: the mask row (the gradient and the label's hidden area) rides at that bottom
///   edge and fades out, the "more" label with it while the collapse label, if any, fades in
///   (a collapse label on the last line keeps the gradient, so it does not fade); a text that
///   a tall label moved down (``ComponentLayout/origin``) moves back with `openness`;
/// - ellipsis style: the collapsed text cross-dissolves into the expanded text (and a collapse
///   label below it, which appears with it).
/// With Reduce Motion (``RenderOptions/accessibilityReduceMotion``) neither moves: the two
/// stills cross-fade on the canvas, the expanded one over the collapsed one at `openness`.
/// Every step is one of ``BodyArea``'s, which the still's ``Painter`` takes too; at openness 0
/// and 1 with the still's own values, so the first and last frames equal the stills pixel for
/// pixel.
struct FramePainter {
  let collapsed: ComponentLayout
  let expanded: ComponentLayout
  let options: RenderOptions
  let style: TruncationStyle

  /// The canvas in points: usually the expanded size, but a label taller than the lines it
  /// replaces can make the collapsed state the taller one, and its still must fit too.
  var canvas: Size {
    Size(
      width: expanded.result.size.width,
      height: max(collapsed.result.size.height, expanded.result.size.height))
  }

  /// The canvas in pixels, each side as tall as the taller still's image.
  var pixelSize: Size {
    Size(
      width: expanded.result.pixelSize.width,
      height: max(collapsed.result.pixelSize.height, expanded.result.pixelSize.height))
  }

  /// Paints the frame at `openness` on `surface` (of the canvas's pixel size), within the pixel
  /// `rows` only: the rest keeps what the surface held, the frame before.
  func paint(openness: Double, rows: Range<Int>, on surface: CairoImageSurface)
    throws(RenderError)
  {
    let cairo = try CairoContext(surface: surface)
    try cairo.withUnsafePointer { context throws(RenderError) in
      try draw(openness: openness, rows: rows, in: context)
    }
  }

  /// Draws the frame with `context`, which the surface's ``CairoContext`` lends.
  private func draw(openness: Double, rows: Range<Int>, in context: OpaquePointer)
    throws(RenderError)
  {
    let scale = Double(options.scale)
    cairo_scale(context, scale, scale)
    cairo_rectangle(
      context, 0, Double(rows.lowerBound) / scale, canvas.width, Double(rows.count) / scale)
    cairo_clip(context)
    let background = options.resolve(options.background ?? .systemBackground)
    BodyArea.setSource(background, context)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)

    if options.accessibilityReduceMotion {
      try dissolve(open: min(max(openness, 0), 1), background: background, in: context)
      try RenderError.check(cairo_status(context), "drawing an animation frame")
      return
    }

    // Nothing is drawn below the frame's height, rounded up to a pixel as a still's image is.
    let height = height(at: openness)
    let area = BodyArea(size: Size(width: canvas.width, height: height), scale: scale)
    cairo_rectangle(context, 0, 0, canvas.width, (height * scale).rounded(.up) / scale)
    cairo_clip(context)

    let open = min(max(openness, 0), 1)
    let edge = edge(at: openness)
    switch style {
    case .ellipsis:
      // A cross-dissolve: the expanded frame, background and all, over the collapsed one at
      // `open`, so text the two share stays solid instead of dimming halfway.
      // Each state with its own label, if it has one of its own (a collapse label below the
      // text; inline labels are part of the body's text).
      if open < 1 {
        try area.drawBody(
          collapsed, originY: collapsed.origin.y, edge: edge, fade: nil, in: context)
        if let label = collapsed.label { area.drawLabel(label, y: label.frame.y, in: context) }
      }
      if open > 0 {
        if open < 1 {
          cairo_push_group(context)
          BodyArea.setSource(background, context)
          cairo_paint(context)
        }
        try area.drawBody(expanded, originY: expanded.origin.y, edge: edge, fade: nil, in: context)
        if let label = expanded.label { area.drawLabel(label, y: label.frame.y, in: context) }
        if open < 1 {
          cairo_pop_group_to_source(context)
          cairo_paint_with_alpha(context, open)
        }
      }
    case .fade:
      try area.drawBody(
        expanded, originY: Self.mix(collapsed.origin.y, expanded.origin.y, open), edge: edge,
        fade: fadeMask(open: open, edge: edge), in: context)
      for (layout, opacity) in [(collapsed, 1 - open), (expanded, open)] {
        guard let label = layout.label else { continue }
        try faded(opacity, context) { () throws(RenderError) in
          // The label rides the edge: at its own state exactly where the still has it.
          area.drawLabel(label, y: label.frame.y + (edge - contentBottom(layout)), in: context)
        }
      }
    }
    try RenderError.check(cairo_status(context), "drawing an animation frame")
  }

  /// Reduce Motion's frame: the collapsed still, and over it the expanded still (background
  /// and all) at `open`, each drawn as its ``Painter`` draws it and clipped to its own image's
  /// height, with the canvas's background below the shorter one.
  private func dissolve(open: Double, background: Color.RGBA, in context: OpaquePointer)
    throws(RenderError)
  {
    if open < 1 { try drawStill(collapsed, in: context) }
    guard open > 0 else { return }
    if open < 1 {
      cairo_push_group(context)
      BodyArea.setSource(background, context)
      cairo_paint(context)
    }
    try drawStill(expanded, in: context)
    if open < 1 {
      cairo_pop_group_to_source(context)
      cairo_paint_with_alpha(context, open)
    }
  }

  /// One still as ``Painter`` draws it, within its own image's rows.
  private func drawStill(_ layout: ComponentLayout, in context: OpaquePointer)
    throws(RenderError)
  {
    let scale = Double(options.scale)
    cairo_save(context)
    cairo_rectangle(context, 0, 0, canvas.width, layout.result.pixelSize.height / scale)
    cairo_clip(context)
    let area = BodyArea(size: layout.result.size, scale: scale)
    try area.drawBody(
      layout, originY: layout.origin.y, edge: nil,
      fade: layout.fade.map { FadeMask(frame: $0.frame, isRightToLeft: $0.isRightToLeft) },
      in: context)
    if let label = layout.label { area.drawLabel(label, y: label.frame.y, in: context) }
    cairo_restore(context)
  }

  /// The pixel rows that can differ between the frames at `previous` and `current` openness:
  /// all of them for the first frame, in the ellipsis style (whose cross-dissolve touches every
  /// pixel of the text) and when the text moves (a tall label's inset); in the fade style, from
  /// a line height above the higher mask row or label to a line height below the lower bottom
  /// edge: above, both frames draw the same lines the same way; below, both show the
  /// background. Tests check frames painted this way against frames painted whole.
  func damagedRows(from previous: Double?, to current: Double) -> Range<Int> {
    let rows = Int(pixelSize.height)
    guard let previous, style == .fade, collapsed.origin.y == expanded.origin.y,
      !options.accessibilityReduceMotion
    else {
      return 0..<rows
    }
    var top = Double.infinity
    var lowest = 0.0
    for openness in [previous, current] {
      let open = min(max(openness, 0), 1)
      let edge = self.edge(at: openness)
      let labelHeights = [collapsed.label, expanded.label].compactMap { $0?.frame.height }
      top = min(top, edge - (labelHeights.max() ?? 0))
      if let mask = fadeMask(open: open, edge: edge) { top = min(top, mask.frame.y) }
      top = min(top, edge)
      // Labels are clipped at the frame's height, lines at the bottom edge (ink may hang below
      // a line that ends just above it); below that both frames show the background.
      lowest = max(lowest, height(at: openness), edge)
    }
    let margin = expanded.body.lines.map(\.height).max() ?? 0
    let scale = Double(options.scale)
    let first = min(max(Int(((top - margin) * scale).rounded(.down)), 0), rows)
    let end = min(max(Int(((lowest + margin) * scale).rounded(.up)), first), rows)
    return first..<end
  }

  /// The component's height at `openness`, within the canvas.
  private func height(at openness: Double) -> Double {
    min(
      max(Self.mix(collapsed.result.size.height, expanded.result.size.height, openness), 0),
      canvas.height)
  }

  /// The content's bottom edge at `openness`, never below the lower of the two states' edges
  /// (a spring's overshoot).
  private func edge(at openness: Double) -> Double {
    min(
      Self.mix(contentBottom(collapsed), contentBottom(expanded), openness),
      max(contentBottom(collapsed), contentBottom(expanded)))
  }

  /// The mask row at the bottom edge, between the two states' fades: a collapse label on the
  /// last line keeps a gradient before it, otherwise the mask fades out. Nil when clear.
  private func fadeMask(open: Double, edge: Double) -> FadeMask? {
    guard let start = collapsed.fade else { return nil }
    let opacity = expanded.fade == nil ? 1 - open : 1
    guard opacity > 0 else { return nil }
    // Without a fade of its own, the expanded state's would-be mask is the collapsed one moved
    // down with the edge.
    var end = expanded.fade?.frame ?? start.frame
    if expanded.fade == nil { end.y += contentBottom(expanded) - contentBottom(collapsed) }
    let frame = Rect(
      x: Self.mix(start.frame.x, end.x, open), y: Self.mix(start.frame.y, end.y, open),
      width: Self.mix(start.frame.width, end.width, open),
      height: Self.mix(start.frame.height, end.height, open))
    return FadeMask(frame: frame, isRightToLeft: start.isRightToLeft, opacity: opacity)
  }

  /// Runs `draw` at `opacity`: straight onto the surface when opaque (as the still draws),
  /// through a group painted with that alpha when translucent, not at all when clear.
  private func faded(
    _ opacity: Double, _ context: OpaquePointer, _ draw: () throws(RenderError) -> Void
  ) throws(RenderError) {
    guard opacity > 0 else { return }
    guard opacity < 1 else { return try draw() }
    cairo_push_group(context)
    try draw()
    cairo_pop_group_to_source(context)
    cairo_paint_with_alpha(context, opacity)
  }

  /// Where a layout's content ends: its last drawn line, or its label when that is lower.
  private func contentBottom(_ layout: ComponentLayout) -> Double {
    let lastLine = layout.body.lines[layout.visibleLines - 1]
    return max(layout.origin.y + lastLine.bottom, layout.label?.frame.maxY ?? 0)
  }

  /// `from` at 0 and `to` at 1, exactly (written so neither end rounds).
  static func mix(_ from: Double, _ to: Double, _ fraction: Double) -> Double {
    (1 - fraction) * from + fraction * to
  }
}

internal import CPangoCairo

/// Paints one frame of an animation between a component's two layouts on a canvas of the
/// expanded size. The frame model (README, "Expansion animation"):
/// - the content's bottom edge moves from the collapsed to the expanded one with `openness`;
///   the expanded text is drawn clipped to it, the background shows below;
/// - fade style: the mask row (the gradient and the label's hidden area) rides at that bottom
///   edge and fades out, the "more" label with it while the collapse label, if any, fades in
///   (a collapse label on the last line keeps the gradient, so it does not fade);
/// - ellipsis style: the collapsed text cross-dissolves into the expanded text.
/// At openness 0 and 1 every step is the one ``Painter`` takes for the still, so the first and
/// last frames equal the stills pixel for pixel.
struct FramePainter {
  let collapsed: ComponentLayout
  let expanded: ComponentLayout
  let options: RenderOptions
  let style: TruncationStyle

  /// Lines whose edges differ by less than this (in points) count as touching.
  private static let tolerance = 1e-6

  var canvas: Size { expanded.result.size }

  /// Paints the frame at `openness` on `surface` (of the canvas's pixel size), within the pixel
  /// `rows` only: the rest keeps what the surface held, the frame before.
  func paint(openness: Double, rows: Range<Int>, on surface: CairoImageSurface)
    throws(RenderError)
  {
    let cairo = try CairoContext(surface: surface)
    let context = cairo.pointer
    let scale = Double(options.scale)
    cairo_scale(context, scale, scale)
    cairo_rectangle(
      context, 0, Double(rows.lowerBound) / scale, canvas.width, Double(rows.count) / scale)
    cairo_clip(context)
    let background = (options.background ?? .systemBackground).resolved(in: options.appearance)
    cairo.setSource(background)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)

    let open = min(max(openness, 0), 1)
    let bottom = bottom(at: openness)
    let height = height(at: openness)
    switch style {
    case .ellipsis:
      // A cross-dissolve: the expanded frame, background and all, over the collapsed one at
      // `open`, so text the two share stays solid instead of dimming halfway.
      if open < 1 { try drawBody(of: collapsed, above: bottom, band: nil, cairo) }
      if open > 0 {
        if open < 1 {
          cairo_push_group(context)
          cairo.setSource(background)
          cairo_paint(context)
        }
        try drawBody(of: expanded, above: bottom, band: nil, cairo)
        if open < 1 {
          cairo_pop_group_to_source(context)
          cairo_paint_with_alpha(context, open)
        }
      }
    case .fade:
      let band = try maskBand(open: open, bottom: bottom)
      try drawBody(of: expanded, above: bottom, band: band, cairo)
      try faded(1 - open, cairo) { () throws(RenderError) in
        drawLabel(collapsed.label, bottom: bottom, clipHeight: height, cairo)
      }
      try faded(open, cairo) { () throws(RenderError) in
        drawLabel(expanded.label, bottom: bottom, clipHeight: height, cairo)
      }
    }
    try RenderError.check(cairo_status(context), "drawing an animation frame")
  }

  /// The pixel rows that can differ between the frames at `previous` and `current` openness:
  /// all of them for the first frame and in the ellipsis style (whose cross-dissolve touches
  /// every pixel of the text); in the fade style, from a line height above the higher mask row
  /// or label to a line height below the lower bottom edge: above, both frames draw the same
  /// lines the same way; below, both show the background. Tests
  /// check frames painted this way against frames painted whole.
  func damagedRows(from previous: Double?, to current: Double) -> Range<Int> {
    let rows = Int(expanded.result.pixelSize.height)
    guard let previous, style == .fade else { return 0..<rows }
    var top = Double.infinity
    var lowest = 0.0
    for openness in [previous, current] {
      let open = min(max(openness, 0), 1)
      let bottom = self.bottom(at: openness)
      let labelHeights = [collapsed.label, expanded.label].compactMap { $0?.frame.height }
      top = min(top, bottom - (labelHeights.max() ?? 0))
      if let start = collapsed.fade {
        let end = expanded.fade ?? start
        top = min(top, bottom - Self.mix(start.frame.height, end.frame.height, open))
      }
      top = min(top, bottom)
      // Labels are clipped at the frame's height, lines at the bottom edge (ink may hang below
      // a line that ends just above it); below that both frames show the background.
      lowest = max(lowest, height(at: openness), bottom)
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

  /// The content's bottom edge at `openness`, never below the canvas's.
  private func bottom(at openness: Double) -> Double {
    min(
      Self.mix(contentBottom(collapsed), contentBottom(expanded), openness),
      contentBottom(expanded))
  }

  /// The gradient row at the bottom edge, between the two states' fades.
  private struct Band {
    var top: Double
    var fade: Rect
    var isRightToLeft: Bool
    var opacity: Double
  }

  private func maskBand(open: Double, bottom: Double) throws(RenderError) -> Band? {
    guard let start = collapsed.fade else { return nil }
    // A collapse label on the last line keeps a gradient before it; otherwise the mask fades.
    let end = expanded.fade ?? start
    let opacity = expanded.fade == nil ? 1 - open : 1
    guard opacity > 0 else { return nil }
    let height = Self.mix(start.frame.height, end.frame.height, open)
    let fade = Rect(
      x: Self.mix(start.frame.x, end.frame.x, open), y: bottom - height,
      width: Self.mix(start.frame.width, end.frame.width, open), height: height)
    return Band(
      top: bottom - height, fade: fade, isRightToLeft: start.isRightToLeft, opacity: opacity)
  }

  /// Draws the body lines of `layout` that start above `bottom`, clipping those it cuts. Lines
  /// reaching into `band` go through its gradient (a line it cuts only below the band's top).
  private func drawBody(
    of layout: ComponentLayout, above bottom: Double, band: Band?, _ cairo: CairoContext
  ) throws(RenderError) {
    let context = cairo.pointer
    let originY = layout.origin.y
    cairo.setSource(layout.textColor)
    var masked: [(index: Int, straddles: Bool)] = []
    for index in 0..<layout.visibleLines {
      let line = layout.body.lines[index]
      let top = originY + line.top
      let lineBottom = originY + line.bottom
      guard top < bottom - Self.tolerance else { break }
      let cut = lineBottom > bottom + Self.tolerance
      if let band, lineBottom > band.top + Self.tolerance {
        let straddles = top < band.top - Self.tolerance
        if straddles {
          drawLine(index, of: layout, clippedTo: 0..<band.top, cairo)
        }
        masked.append((index, straddles || cut))
      } else {
        drawLine(index, of: layout, clippedTo: cut ? 0..<bottom : nil, cairo)
      }
    }
    guard let band, !masked.isEmpty else { return }
    cairo_push_group(context)
    for (index, clipped) in masked {
      drawLine(index, of: layout, clippedTo: clipped ? band.top..<bottom : nil, cairo)
    }
    try Painter.mask(
      band.fade, isRightToLeft: band.isRightToLeft, canvas: canvas, opacity: band.opacity,
      in: context)
    cairo.setSource(layout.textColor)
  }

  /// Draws line `index` of the body, within the rows `rows` (points) when given.
  private func drawLine(
    _ index: Int, of layout: ComponentLayout, clippedTo rows: Range<Double>?,
    _ cairo: CairoContext
  ) {
    let context = cairo.pointer
    if let rows {
      cairo_save(context)
      cairo_rectangle(context, 0, rows.lowerBound, canvas.width, rows.upperBound - rows.lowerBound)
      cairo_clip(context)
    }
    Painter.drawLine(index, of: layout.body, at: layout.origin, in: context)
    if rows != nil { cairo_restore(context) }
  }

  /// Draws `label` with its bottom at `bottom`, clipped to its column as the still clips it.
  private func drawLabel(
    _ label: ComponentLayout.PlacedLabel?, bottom: Double, clipHeight: Double,
    _ cairo: CairoContext
  ) {
    guard let label else { return }
    let context = cairo.pointer
    let frame = label.frame
    let y = max(0, bottom - frame.height)
    cairo_save(context)
    cairo_rectangle(context, frame.x, 0, frame.width, clipHeight)
    cairo_clip(context)
    cairo.setSource(label.color)
    let line = label.layout.lines[0]
    Painter.drawLine(0, of: label.layout, at: (frame.x - line.x, y), in: context)
    cairo_restore(context)
  }

  /// Runs `draw` at `opacity`: straight onto the surface when opaque (as the still draws),
  /// through a group painted with that alpha when translucent, not at all when clear.
  private func faded(
    _ opacity: Double, _ cairo: CairoContext, _ draw: () throws(RenderError) -> Void
  ) throws(RenderError) {
    guard opacity > 0 else { return }
    guard opacity < 1 else { return try draw() }
    cairo_push_group(cairo.pointer)
    try draw()
    cairo_pop_group_to_source(cairo.pointer)
    cairo_paint_with_alpha(cairo.pointer, opacity)
  }

  /// Where a layout's content ends: its last drawn line, or its label when that is lower.
  private func contentBottom(_ layout: ComponentLayout) -> Double {
    let lastLine = layout.body.lines[layout.visibleLines - 1]
    return max(layout.origin.y + lastLine.bottom, layout.label?.frame.maxY ?? 0)
  }

  static func mix(_ from: Double, _ to: Double, _ fraction: Double) -> Double {
    from + (to - from) * fraction
  }
}

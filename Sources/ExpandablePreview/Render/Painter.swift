internal import CPangoCairo

/// Paints a ``ComponentLayout``: background, lines, fade mask and label. No decisions.
struct Painter {
  let layout: ComponentLayout
  let options: RenderOptions

  /// Draws on a surface over `pixels`, every pixel of which it sets.
  func paint(into pixels: ScratchBuffer) throws(RenderError) -> CairoImageSurface {
    let result = layout.result
    let surface = try CairoImageSurface(
      width: Int(result.pixelSize.width), height: Int(result.pixelSize.height), pixels: pixels)
    let cairo = try CairoContext(surface: surface)
    let context = cairo.pointer
    cairo_scale(context, Double(options.scale), Double(options.scale))

    cairo.setSource((options.background ?? .systemBackground).resolved(in: options.appearance))
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)

    cairo.setSource(layout.textColor)
    if let fade = layout.fade {
      // The fade covers every row from its top down, whichever line's ink lies there: rows
      // above it are drawn as they are, rows from it on through the mask. Pixel-aligned, so
      // the two parts meet without a seam.
      let scale = Double(options.scale)
      let fadeTop = (fade.frame.y * scale).rounded(.down) / scale
      let height = result.size.height
      cairo_save(context)
      cairo_rectangle(context, 0, 0, options.width, fadeTop)
      cairo_clip(context)
      drawLines(inkCrossing: -Double.infinity...fadeTop, in: context)
      cairo_restore(context)
      cairo_save(context)
      cairo_rectangle(context, 0, fadeTop, options.width, height - fadeTop)
      cairo_clip(context)
      cairo_push_group(context)
      drawLines(inkCrossing: fadeTop...Double.infinity, in: context)
      try Self.mask(
        fade.frame, isRightToLeft: fade.isRightToLeft,
        canvas: Size(width: options.width, height: height), in: context)
      cairo_restore(context)
      cairo.setSource(layout.textColor)
    } else {
      drawLines(inkCrossing: -Double.infinity...Double.infinity, in: context)
    }

    if let label = layout.label {
      cairo_save(context)
      cairo_rectangle(context, label.frame.x, 0, label.frame.width, result.size.height)
      cairo_clip(context)
      cairo.setSource(label.color)
      let line = label.layout.lines[0]
      Self.drawLine(0, of: label.layout, at: (label.frame.x - line.x, label.frame.y), in: context)
      cairo_restore(context)
    }
    try RenderError.check(cairo_status(context), "drawing")
    return surface
  }

  /// Draws the visible body lines whose ink reaches into the rows `rows` (in points).
  private func drawLines(inkCrossing rows: ClosedRange<Double>, in context: OpaquePointer) {
    for index in 0..<layout.visibleLines {
      let ink = layout.body.lines[index].ink
      guard rows.overlaps((layout.origin.y + ink.lowerBound)...(layout.origin.y + ink.upperBound))
      else { continue }
      Self.drawLine(index, of: layout.body, at: layout.origin, in: context)
    }
  }

  /// Draws line `index` of `text` with the layout's origin at `origin`
  /// (`pango_cairo_show_layout_line` draws from the line's left edge at its baseline).
  static func drawLine(
    _ index: Int, of text: TextLayout, at origin: (x: Double, y: Double), in context: OpaquePointer
  ) {
    let line = text.lines[index]
    guard let pangoLine = pango_layout_get_line_readonly(text.pointer, Int32(index)) else { return }
    cairo_move_to(context, origin.x + line.x, origin.y + line.baseline)
    pango_cairo_show_layout_line(context, pangoLine)
  }

  /// Ends the group holding the last line and paints it through the fade: opaque before the
  /// fade, clear from 80 % of its width on, as the reference's gradient stops say. An animation
  /// fades the mask itself in or out: at `opacity` below 1 the clear side keeps `1 - opacity`.
  static func mask(
    _ fade: Rect, isRightToLeft: Bool, canvas: Size, opacity: Double = 1,
    in context: OpaquePointer
  ) throws(RenderError) {
    cairo_pop_group_to_source(context)
    guard fade.width > 0 else {
      // No room for a gradient: everything from the label's edge on is hidden.
      let edge = fade.x
      let visible = isRightToLeft ? (edge, canvas.width - edge) : (0, edge)
      let hidden = isRightToLeft ? (0, edge) : (edge, canvas.width - edge)
      for (part, alpha) in [(visible, 1.0), (hidden, 1 - opacity)] where alpha > 0 {
        cairo_save(context)
        cairo_rectangle(context, part.0, 0, part.1, canvas.height)
        cairo_clip(context)
        if alpha >= 1 { cairo_paint(context) } else { cairo_paint_with_alpha(context, alpha) }
        cairo_restore(context)
      }
      return
    }
    let clearOffset = fade.width * 0.8
    let clearAlpha = 1 - opacity
    let gradient =
      isRightToLeft
      ? try CairoLinearGradient(
        opaqueX: fade.maxX, clearX: fade.maxX - clearOffset, clearAlpha: clearAlpha)
      : try CairoLinearGradient(
        opaqueX: fade.x, clearX: fade.x + clearOffset, clearAlpha: clearAlpha)
    cairo_mask(context, gradient.pointer)
  }
}

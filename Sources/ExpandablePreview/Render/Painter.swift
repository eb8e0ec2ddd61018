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
    cairo_scale(cairo.pointer, Double(options.scale), Double(options.scale))
    try draw(with: cairo)
    return surface
  }

  /// Draws the component in points with `cairo`, on any surface: the same calls make the PNG's
  /// pixels and the SVG's and PDF's vectors.
  func draw(with cairo: CairoContext) throws(RenderError) {
    let result = layout.result
    let context = cairo.pointer

    cairo.setSource((options.background ?? .systemBackground).resolved(in: options.appearance))
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)

    cairo.setSource(layout.textColor)
    for index in 0..<layout.visibleLines {
      let isFaded = layout.fade != nil && index == layout.visibleLines - 1
      if isFaded { cairo_push_group(context) }
      drawLine(index, of: layout.body, at: layout.origin, in: context)
      if isFaded, let fade = layout.fade {
        try mask(fade.frame, isRightToLeft: fade.isRightToLeft, in: context)
        cairo.setSource(layout.textColor)
      }
    }

    if let label = layout.label {
      cairo_save(context)
      cairo_rectangle(context, label.frame.x, 0, label.frame.width, result.size.height)
      cairo_clip(context)
      cairo.setSource(label.color)
      let line = label.layout.lines[0]
      drawLine(0, of: label.layout, at: (label.frame.x - line.x, label.frame.y), in: context)
      cairo_restore(context)
    }
    try RenderError.check(cairo_status(context), "drawing")
  }

  /// Draws line `index` of `text` with the layout's origin at `origin`
  /// (`pango_cairo_show_layout_line` draws from the line's left edge at its baseline).
  private func drawLine(
    _ index: Int, of text: TextLayout, at origin: (x: Double, y: Double), in context: OpaquePointer
  ) {
    let line = text.lines[index]
    guard let pangoLine = pango_layout_get_line_readonly(text.pointer, Int32(index)) else { return }
    cairo_move_to(context, origin.x + line.x, origin.y + line.baseline)
    pango_cairo_show_layout_line(context, pangoLine)
  }

  /// Ends the group holding the last line and paints it through the fade: opaque before the
  /// fade, clear from 80 % of its width on, as the reference's gradient stops say.
  private func mask(_ fade: Rect, isRightToLeft: Bool, in context: OpaquePointer)
    throws(RenderError)
  {
    cairo_pop_group_to_source(context)
    guard fade.width > 0 else {
      // No room for a gradient: everything from the label's edge on is hidden.
      cairo_save(context)
      let edge = fade.x
      let visible = isRightToLeft ? (edge, options.width - edge) : (0, edge)
      cairo_rectangle(context, visible.0, 0, visible.1, layout.result.size.height)
      cairo_clip(context)
      cairo_paint(context)
      cairo_restore(context)
      return
    }
    let clearOffset = fade.width * 0.8
    let gradient =
      isRightToLeft
      ? try CairoLinearGradient(opaqueX: fade.maxX, clearX: fade.maxX - clearOffset)
      : try CairoLinearGradient(opaqueX: fade.x, clearX: fade.x + clearOffset)
    cairo_mask(context, gradient.pointer)
  }
}

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
    try cairo.withUnsafePointer { context throws(RenderError) in
      cairo_scale(context, Double(options.scale), Double(options.scale))
      try draw(in: context)
    }
    return surface
  }

  /// Draws the component in points with `cairo`, on any surface: the same calls make the PNG's
  /// pixels and the SVG's and PDF's vectors.
  func draw(with cairo: CairoContext) throws(RenderError) {
    try cairo.withUnsafePointer { context throws(RenderError) in try draw(in: context) }
  }

  /// Draws everything with `context`, which the surface's ``CairoContext`` lends.
  func draw(in context: OpaquePointer) throws(RenderError) {
    let result = layout.result

    BodyArea.setSource(
      options.resolve(options.background ?? .systemBackground), context)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)

    let area = BodyArea(size: result.size, scale: Double(options.scale))
    try area.drawBody(
      layout, originY: layout.origin.y, edge: nil,
      fade: layout.fade.map { FadeMask(frame: $0.frame, isRightToLeft: $0.isRightToLeft) },
      in: context)
    if let label = layout.label {
      area.drawLabel(label, y: label.frame.y, in: context)
    }
    try RenderError.check(cairo_status(context), "drawing")
  }
}

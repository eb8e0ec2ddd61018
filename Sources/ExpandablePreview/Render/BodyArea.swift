internal import CPangoCairo

/// The fade over the rows of the last line(s): the gradient and the label's hidden area.
struct FadeMask {
  var frame: Rect
  var isRightToLeft: Bool
  /// 1 for the still; an animation fades the mask in or out.
  var opacity = 1.0
}

/// The drawing steps a still and an animation frame share, on an area `size` points tall and
/// wide (a still's image, a frame's current height on the animation's canvas). The still takes
/// them with the layout's own values; a frame with values moved between two layouts, so at its
/// ends it takes exactly the still's steps and equals it pixel for pixel.
struct BodyArea {
  var size: Size
  /// Pixels per point: the fade's top is aligned to a pixel row.
  var scale: Double

  /// Lines whose edges differ by less than this (in points) count as touching.
  static let tolerance = 1e-6

  /// Draws the visible body lines of `layout` with its top at `originY`. With an `edge`, lines
  /// starting at or below it are left out and a line across it is clipped to it (a frame's
  /// moving bottom). With a `fade`, every row from the fade's top down is drawn through the
  /// mask, whichever line's ink lies there; rows above it are drawn as they are. The fade's
  /// top is pixel-aligned, so the two parts meet without a seam.
  func drawBody(
    _ layout: ComponentLayout, originY: Double, edge: Double?, fade: FadeMask?,
    in context: OpaquePointer
  ) throws(RenderError) {
    let origin = (x: layout.origin.x, y: originY)
    let lines = (0..<layout.visibleLines).prefix { index in
      guard let edge else { return true }
      return originY + layout.body.lines[index].top < edge - Self.tolerance
    }
    /// Draws the lines whose ink reaches into `rows` (in points).
    func draw(inkCrossing rows: ClosedRange<Double>) {
      for index in lines {
        let line = layout.body.lines[index]
        guard rows.overlaps((originY + line.ink.lowerBound)...(originY + line.ink.upperBound))
        else { continue }
        guard let edge, originY + line.bottom > edge + Self.tolerance else {
          Self.drawLine(index, of: layout.body, at: origin, in: context)
          continue
        }
        cairo_save(context)
        cairo_rectangle(context, 0, 0, size.width, edge)
        cairo_clip(context)
        Self.drawLine(index, of: layout.body, at: origin, in: context)
        cairo_restore(context)
      }
    }
    Self.setSource(layout.textColor, context)
    guard let fade else { return draw(inkCrossing: -Double.infinity...Double.infinity) }
    let fadeTop = (fade.frame.y * scale).rounded(.down) / scale
    cairo_save(context)
    cairo_rectangle(context, 0, 0, size.width, fadeTop)
    cairo_clip(context)
    draw(inkCrossing: -Double.infinity...fadeTop)
    cairo_restore(context)
    cairo_save(context)
    cairo_rectangle(context, 0, fadeTop, size.width, size.height - fadeTop)
    cairo_clip(context)
    cairo_push_group(context)
    draw(inkCrossing: fadeTop...Double.infinity)
    try mask(fade, in: context)
    cairo_restore(context)
    Self.setSource(layout.textColor, context)
  }

  /// Draws `label` with its top at `y`, clipped to its column and the area's height.
  func drawLabel(_ label: ComponentLayout.PlacedLabel, y: Double, in context: OpaquePointer) {
    cairo_save(context)
    cairo_rectangle(context, label.frame.x, 0, label.frame.width, size.height)
    cairo_clip(context)
    Self.setSource(label.color, context)
    let line = label.layout.lines[0]
    Self.drawLine(0, of: label.layout, at: (label.frame.x - line.x, y), in: context)
    cairo_restore(context)
  }

  /// Draws line `index` of `text` with the layout's origin at `origin`
  /// (`pango_cairo_show_layout_line` draws from the line's left edge at its baseline).
  static func drawLine(
    _ index: Int, of text: TextLayout, at origin: (x: Double, y: Double), in context: OpaquePointer
  ) {
    let line = text.lines[index]
    text.withUnsafePointer { pangoLayout in
      guard let pangoLine = pango_layout_get_line_readonly(pangoLayout, Int32(index)) else {
        return
      }
      cairo_move_to(context, origin.x + line.x, origin.y + line.baseline)
      pango_cairo_show_layout_line(context, pangoLine)
    }
  }

  /// Sets `color` as the source of `context` (`cairo_set_source_rgba`).
  static func setSource(_ color: Color.RGBA, _ context: OpaquePointer) {
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
  }

  /// Ends the group holding the faded lines and paints it through the fade: opaque before the
  /// fade, clear from 80 % of its width on, as the reference's gradient stops say. At `opacity`
  /// below 1 the clear side keeps `1 - opacity`.
  private func mask(_ fade: FadeMask, in context: OpaquePointer)
    throws(RenderError)
  {
    cairo_pop_group_to_source(context)
    let frame = fade.frame
    guard frame.width > 0 else {
      // No room for a gradient: everything from the label's edge on is hidden.
      let edge = frame.x
      let visible = fade.isRightToLeft ? (edge, size.width - edge) : (0, edge)
      let hidden = fade.isRightToLeft ? (0, edge) : (edge, size.width - edge)
      for (part, alpha) in [(visible, 1.0), (hidden, 1 - fade.opacity)] where alpha > 0 {
        cairo_save(context)
        cairo_rectangle(context, part.0, 0, part.1, size.height)
        cairo_clip(context)
        if alpha >= 1 { cairo_paint(context) } else { cairo_paint_with_alpha(context, alpha) }
        cairo_restore(context)
      }
      return
    }
    let clearOffset = frame.width * 0.8
    let clearAlpha = 1 - fade.opacity
    let gradient =
      fade.isRightToLeft
      ? try CairoLinearGradient(
        opaqueX: frame.maxX, clearX: frame.maxX - clearOffset, clearAlpha: clearAlpha)
      : try CairoLinearGradient(
        opaqueX: frame.x, clearX: frame.x + clearOffset, clearAlpha: clearAlpha)
    gradient.withUnsafePointer { cairo_mask(context, $0) }
  }
}

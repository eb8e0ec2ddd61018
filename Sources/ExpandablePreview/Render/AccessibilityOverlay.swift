internal import CPangoCairo

/// The companion image of what VoiceOver gets, in the style of AccessibilitySnapshot (Cash
/// App): the component with each accessibility element's frame tinted in its own color, and
/// beside it a legend in reading order with the color, the label and the traits. It shows the
/// reference's view hierarchy (``AccessibilityElement``), not a device's accessibility tree.
struct AccessibilityOverlay {
  let layout: ComponentLayout
  let options: RenderOptions
  let context: PangoTextContext

  /// Space around the component and the legend, in points.
  static let margin = 16.0
  /// The legend column's width in points.
  static let legendWidth = 260.0
  /// Distinct tints, one per element in reading order (repeating after eight).
  static let palette: [Color.RGBA] = [
    .init(red: 0.91, green: 0.30, blue: 0.24), .init(red: 0.20, green: 0.60, blue: 0.86),
    .init(red: 0.18, green: 0.70, blue: 0.38), .init(red: 0.61, green: 0.35, blue: 0.71),
    .init(red: 0.95, green: 0.55, blue: 0.07), .init(red: 0.10, green: 0.65, blue: 0.60),
    .init(red: 0.91, green: 0.12, blue: 0.55), .init(red: 0.50, green: 0.40, blue: 0.30),
  ]

  /// One legend row: the label's lines and the traits' line, laid out in the legend's width.
  private struct Row {
    var label: TextLayout
    var traits: TextLayout
    var height: Double { label.height + Self.gap + traits.height }
    static let gap = 2.0
  }

  /// Draws the overlay image: the component at the margin, the legend to its right.
  func image() throws(RenderError) -> Image {
    let result = layout.result
    let rows = try legendRows()
    let legendHeight = rows.reduce(0) { $0 + $1.height + 10 } - (rows.isEmpty ? 0 : 10)
    let size = Size(
      width: Self.margin * 3 + result.size.width + Self.legendWidth,
      height: Self.margin * 2 + max(result.size.height, legendHeight))
    let scale = Double(options.scale)
    let pixels = Size(
      width: (size.width * scale).rounded(.up), height: (size.height * scale).rounded(.up))
    try Renderer.checkLimits(pixels)
    let surface = try CairoImageSurface(
      width: Int(pixels.width), height: Int(pixels.height), pixels: ScratchBuffer())
    let cairo = try CairoContext(surface: surface)
    try cairo.withUnsafePointer { context throws(RenderError) in
      cairo_scale(context, scale, scale)
      BodyArea.setSource(options.resolve(.secondarySystemBackground), context)
      cairo_paint(context)

      // The component as its still draws it, at the margin.
      cairo_save(context)
      cairo_translate(context, Self.margin, Self.margin)
      cairo_rectangle(context, 0, 0, result.size.width, result.size.height)
      cairo_clip(context)
      try Painter(layout: layout, options: options).draw(in: context)
      for (index, element) in result.accessibilityElements.enumerated() {
        tint(element.frame, color: Self.palette[index % Self.palette.count], in: context)
      }
      cairo_restore(context)

      // The legend, in reading order.
      var y = Self.margin
      let x = Self.margin * 2 + result.size.width
      let text = options.resolve(.primary)
      let secondary = options.resolve(.secondary)
      for (index, row) in rows.enumerated() {
        let color = Self.palette[index % Self.palette.count]
        tint(Rect(x: x, y: y + 1, width: 16, height: 16), color: color, in: context)
        BodyArea.setSource(text, context)
        for line in row.label.lines.indices {
          BodyArea.drawLine(line, of: row.label, at: (x + 24, y), in: context)
        }
        BodyArea.setSource(secondary, context)
        for line in row.traits.lines.indices {
          BodyArea.drawLine(
            line, of: row.traits, at: (x + 24, y + row.label.height + Row.gap), in: context)
        }
        y += row.height + 10
      }
      try RenderError.check(cairo_status(context), "drawing the accessibility overlay")
    }
    return try surface.image()
  }

  /// Fills `frame` with `color` at a quarter opacity and outlines it inside its edge.
  private func tint(_ frame: Rect, color: Color.RGBA, in context: OpaquePointer) {
    cairo_rectangle(context, frame.x, frame.y, frame.width, frame.height)
    cairo_set_source_rgba(context, color.red, color.green, color.blue, 0.25)
    cairo_fill(context)
    cairo_rectangle(
      context, frame.x + 0.75, frame.y + 0.75, max(frame.width - 1.5, 0),
      max(frame.height - 1.5, 0))
    cairo_set_line_width(context, 1.5)
    cairo_set_source_rgba(context, color.red, color.green, color.blue, 0.9)
    cairo_stroke(context)
  }

  /// "1. label" (at most three lines, ellipsized) and the spoken traits for each element.
  private func legendRows() throws(RenderError) -> [Row] {
    let labelFont = try PangoFontDescriptionRef(
      .subheadline, dynamicType: .large, fallbackFamilies: context.fallbackFamilies)
    let traitsFont = try PangoFontDescriptionRef(
      .footnote, dynamicType: .large, fallbackFamilies: context.fallbackFamilies)
    let width = Self.legendWidth - 24
    var rows: [Row] = []
    for (index, element) in layout.result.accessibilityElements.enumerated() {
      let label = try TextLayout(
        text: Array("\(index + 1). \(element.label)".utf8), context: context, font: labelFont,
        width: width, lineSpacing: 0, direction: .natural, maxLines: 3)
      let spoken = element.traits.compactMap(\.spoken)
      let traits = try TextLayout(
        text: Array((spoken.isEmpty ? "Text" : spoken.joined(separator: ", ")).utf8),
        context: context, font: traitsFont, width: width, lineSpacing: 0, direction: .natural,
        maxLines: 1)
      rows.append(Row(label: label, traits: traits))
    }
    return rows
  }
}

extension Renderer {
  /// Renders the accessibility overlay of `component` in `options.state`: the component with
  /// each of its ``LayoutResult/accessibilityElements`` tinted in its own color and a legend
  /// beside it (color, label, traits, in reading order), in the style of AccessibilitySnapshot.
  /// The result's `layout` is the component's, whose elements the image shows; it holds the
  /// image and the font files, as ``render(_:options:)``'s does.
  ///
  /// - Throws: as ``render(_:options:)``.
  public func renderAccessibilityOverlay(_ component: ExpandableText, options: RenderOptions)
    throws(RenderError) -> RenderResult
  {
    let layouter = try layouter(component, options: options)
    var copy = layouter
    let layout = try copy.layout()
    let overlay = AccessibilityOverlay(
      layout: layout, options: options, context: layouter.context)
    return RenderResult(
      layout: layout.result, image: try overlay.image(), fontFiles: layout.fontFiles())
  }
}

import Foundation

extension Renderer {
  /// Lays out and draws `component` as an SVG document (``RenderResult/svg``; Cairo's SVG
  /// surface), sized in points; `options.scale` plays no part. The fade is an SVG mask with a
  /// linear gradient, the text is glyph outlines. The same component gives the same bytes on
  /// every run (`SVGIdentifiers`). Each visible Markdown link is an `<a>` over its frames
  /// (`SVGLinks`).
  ///
  /// - Throws: as ``render(_:options:)``.
  public func renderSVG(_ component: ExpandableText, options: RenderOptions)
    throws(RenderError) -> RenderResult
  {
    try renderStill(component, options: options, as: .svg)
  }

  /// Lays out and draws `component` as a one-page PDF (``RenderResult/pdf``; Cairo's PDF
  /// surface), sized in points, with fixed creation and modification dates so that runs give
  /// the same bytes. The fade is a soft mask with a shading, the text embedded font subsets.
  /// Each visible Markdown link is a `/Link` annotation over its frames (`PDFLinkTags`).
  ///
  /// - Throws: as ``render(_:options:)``.
  public func renderPDF(_ component: ExpandableText, options: RenderOptions)
    throws(RenderError) -> RenderResult
  {
    try renderStill(component, options: options, as: .pdf)
  }

  /// Draws `layout` as an SVG or PDF document.
  func vector(
    _ format: CairoVectorSurface.Format, of layout: ComponentLayout, options: RenderOptions
  ) throws(RenderError) -> Data {
    let size = layout.result.size
    let surface = try CairoVectorSurface(format, width: size.width, height: size.height)
    let painter = Painter(layout: layout, options: options)
    let data = try surface.document { cairo throws(RenderError) in
      try painter.draw(with: cairo)
      if format == .pdf {
        try cairo.withUnsafePointer { context throws(RenderError) in
          try PDFLinkTags.tag(layout.result.links, in: context)
        }
      }
    }
    guard format == .svg else { return data }
    return try SVGLinks.adding(layout.result.links, to: SVGIdentifiers.canonical(data))
  }
}

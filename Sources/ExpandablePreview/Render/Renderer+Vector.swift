import Foundation

/// A render written as a vector document: an SVG or a PDF file's bytes.
public struct VectorRenderResult: Sendable {
  /// The SVG or PDF file's bytes.
  public let data: Data
  /// The layout decisions the document was drawn from.
  public let layout: LayoutResult
}

extension Renderer {
  /// Lays out and draws `component` as an SVG document (Cairo's SVG surface), sized in points;
  /// `options.scale` plays no part. The fade is an SVG mask with a linear gradient, the text is
  /// glyph outlines. The same component gives the same bytes on every run
  /// (`SVGIdentifiers`). Each visible Markdown link is an `<a>` over its frames (`SVGLinks`).
  ///
  /// - Throws: as ``render(_:options:)``.
  public func renderSVG(_ component: ExpandableText, options: RenderOptions)
    throws(RenderError) -> VectorRenderResult
  {
    try serializedForSystemFonts { () throws(RenderError) in
      try renderVector(.svg, component, options: options)
    }
  }

  /// Lays out and draws `component` as a one-page PDF (Cairo's PDF surface), sized in points,
  /// with fixed creation and modification dates so that runs give the same bytes. The fade is
  /// a soft mask with a shading, the text embedded font subsets. Each visible Markdown link is
  /// a `/Link` annotation over its frames (`PDFLinkTags`).
  ///
  /// - Throws: as ``render(_:options:)``.
  public func renderPDF(_ component: ExpandableText, options: RenderOptions)
    throws(RenderError) -> VectorRenderResult
  {
    try serializedForSystemFonts { () throws(RenderError) in
      try renderVector(.pdf, component, options: options)
    }
  }

  private func renderVector(
    _ format: CairoVectorSurface.Format, _ component: ExpandableText, options: RenderOptions
  ) throws(RenderError) -> VectorRenderResult {
    try vector(format, of: self.layout(component, options: options), options: options)
  }

  /// Draws `layout` as an SVG or PDF document.
  func vector(
    _ format: CairoVectorSurface.Format, of layout: ComponentLayout, options: RenderOptions
  ) throws(RenderError) -> VectorRenderResult {
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
    guard format == .svg else { return VectorRenderResult(data: data, layout: layout.result) }
    return VectorRenderResult(
      data: try SVGLinks.adding(layout.result.links, to: SVGIdentifiers.canonical(data)),
      layout: layout.result)
  }
}

internal import CPangoCairo
import Foundation

/// The image and the layout decisions of one render.
public struct RenderResult: Sendable {
  public let image: Image
  public let layout: LayoutResult
  /// The paths of the font files Pango drew the text with, sorted; see ``Fingerprint``.
  public let fontFiles: [String]
}

/// A render encoded straight to PNG (``Renderer/renderPNG(_:options:)``). It leaves out the font
/// files ``RenderResult`` lists: walking the runs for them costs every render of a batch, and
/// only checks against goldens need them.
public struct PNGRenderResult: Sendable {
  /// The PNG file's bytes: the same as `render(…).image.pngData()`.
  public let png: Data
  public let layout: LayoutResult
  /// Thread CPU time spent converting and encoding the pixels, for the benchmark.
  @_spi(Benchmark) public let encodeSeconds: Double
}

/// Renders components. Not `Sendable`: each thread or task uses its own renderer, since Pango's
/// font maps are per thread.
///
/// A renderer keeps the pixel and PNG buffers of its largest image so far (up to 64 MiB each)
/// and reuses them: a worker rendering thousands of images allocates them a few times, and its
/// memory stays flat. Release the renderer to free them.
public final class Renderer {
  /// The font map of a renderer with pinned fonts; nil for the thread's default one.
  let fontMap: PangoFontMapRef?
  /// The Cairo surface's pixels, reused by every render.
  private let surfacePixels = ScratchBuffer()
  /// The encoder's buffers, reused by ``renderPNG(_:options:)``.
  private let pngScratch = PNGScratch()

  /// A renderer on the calling thread's default PangoCairo font map (system fonts).
  public init() {
    fontMap = nil
  }

  /// A renderer that uses ONLY the font files and folders `fonts`, through a private fontconfig
  /// configuration and a font map of its own: no system font leaks in, so output does not
  /// depend on what a machine has installed. Text no pinned font covers shows as hex boxes.
  ///
  /// - Throws: ``RenderError/fontConfig(_:)`` naming a path that is missing or holds no font.
  public init(fonts: [URL]) throws(RenderError) {
    fontMap = try PangoFontMapRef(config: PrivateFontConfig(fonts: fonts))
  }

  /// Lays out and draws `component` in `options.state`.
  ///
  /// - Throws: ``RenderError/configuration(_:)`` for values out of range,
  ///   ``RenderError/imageTooLarge(width:height:)`` past ``RenderLimits/maxPixels``.
  public func render(_ component: ExpandableText, options: RenderOptions) throws(RenderError)
    -> RenderResult
  {
    let layout = try self.layout(component, options: options)
    let image = try drawn(layout, options: options) { surface throws(RenderError) in
      try surface.image()
    }
    return RenderResult(image: image, layout: layout.result, fontFiles: layout.fontFiles())
  }

  /// Lays out, draws and encodes `component` as PNG without making an ``Image``: the pixels are
  /// converted where Cairo drew them and encoded from there, all in buffers the renderer
  /// reuses. The fastest way to write files, and the one whose memory stays flat over a batch.
  ///
  /// - Throws: as ``render(_:options:)``.
  public func renderPNG(_ component: ExpandableText, options: RenderOptions)
    throws(RenderError) -> PNGRenderResult
  {
    let layout = try self.layout(component, options: options)
    let (png, seconds) = try drawn(layout, options: options) { surface throws(RenderError) in
      let start = ThreadCPUClock.seconds
      let png = try surface.withRGBAInPlace { pixels, isOpaque throws(RenderError) in
        try PNGEncoder().encode(
          rgbaInPlace: pixels, width: surface.width, height: surface.height, isOpaque: isOpaque,
          using: pngScratch)
      }
      return (png, ThreadCPUClock.seconds - start)
    }
    return PNGRenderResult(
      png: png, layout: layout.result, encodeSeconds: seconds)
  }

  /// Lays `component` out without drawing: the decisions and geometry only.
  public func layout(of component: ExpandableText, options: RenderOptions) throws(RenderError)
    -> LayoutResult
  {
    try layout(component, options: options).result
  }

  func layout(_ component: ExpandableText, options: RenderOptions) throws(RenderError)
    -> ComponentLayout
  {
    var layouter = try layouter(component, options: options)
    return try layouter.layout()
  }

  /// A layouter for `component` on this renderer's fonts, after checking the input.
  func layouter(_ component: ExpandableText, options: RenderOptions) throws(RenderError)
    -> Layouter
  {
    try InputValidation.check(component, options)
    let context = try withFontMap { map throws(RenderError) in
      try PangoTextContext(fontMap: map, direction: component.direction)
    }
    return try Layouter(component: component, options: options, context: context)
  }

  /// Paints `layout` on a surface over the renderer's pixel buffer, within the size limits,
  /// and hands it to `body`; the surface is not to be used after `body` returns.
  private func drawn<T>(
    _ layout: ComponentLayout, options: RenderOptions,
    _ body: (CairoImageSurface) throws(RenderError) -> T
  ) throws(RenderError) -> T {
    try Self.checkLimits(layout.result.pixelSize)
    defer { surfacePixels.releaseIfLarge() }
    return try body(Painter(layout: layout, options: options).paint(into: surfacePixels))
  }
}

extension Renderer {
  /// Throws ``RenderError/imageTooLarge(width:height:)`` for an image past the size limits.
  static func checkLimits(_ pixels: Size) throws(RenderError) {
    guard pixels.width * pixels.height <= Double(RenderLimits.maxPixels),
      max(pixels.width, pixels.height) <= Double(RenderLimits.maxPixelSide)
    else {
      throw .imageTooLarge(width: Int(pixels.width), height: Int(pixels.height))
    }
  }

  /// Lends `body` the pinned font map, or the calling thread's default one (per thread since
  /// Pango 1.32.6, owned by Pango). A context made from it holds its own reference.
  func withFontMap<R>(_ body: (UnsafeMutablePointer<PangoFontMap>) throws(RenderError) -> R)
    throws(RenderError) -> R
  {
    if let fontMap { return try fontMap.withUnsafePointer(body) }
    guard let map = pango_cairo_font_map_get_default() else {
      throw .pango("pango_cairo_font_map_get_default returned NULL")
    }
    return try body(map)
  }
}

extension ExpandableText {
  /// Renders this component with a renderer for the calling thread.
  public func render(_ options: RenderOptions = RenderOptions()) throws(RenderError)
    -> RenderResult
  {
    try Renderer().render(self, options: options)
  }
}

internal import CPangoCairo
internal import ExpandablePreviewSupport
import Foundation

/// Renders components. Not `Sendable`: each thread or task uses its own renderer, since Pango's
/// font maps are per thread.
///
/// A renderer keeps the pixel and PNG buffers of its largest image so far (up to 64 MiB each)
/// and reuses them: a worker rendering thousands of images allocates them a few times, and its
/// memory stays flat. Release the renderer to free them.
public final class Renderer {
  /// The pinned set's configuration, shared by the process; nil with system fonts.
  let config: PrivateFontConfig?
  /// The key of this set's font map in each thread's dictionary.
  private let fontMapKey: String
  /// The fonts this renderer draws with.
  public let fontSet: FontSet
  /// The Cairo surface's pixels, reused by every render.
  private let surfacePixels = ScratchBuffer()
  /// The encoder's buffers, reused by ``renderPNG(_:options:)``.
  private let pngScratch = PNGScratch()
  /// How many times this renderer has laid a component out for one state, and the Pango
  /// layouts of the text those passes made: what tells a caller that drawing one layout in
  /// several formats did not lay the component out again.
  package private(set) var layoutPasses = 0
  package private(set) var textLayouts = 0

  /// A renderer with the standard pinned font set (``FontSet/standard``): the same fonts on
  /// every machine that ran `Scripts/setup.sh`, whatever else is installed and whatever the
  /// locale. It never falls back to other fonts by itself: where the set cannot be pinned (for
  /// example a Pango that is not fontconfig-based, as in CoreText builds on macOS) it throws,
  /// and `Renderer(fontSet: .system)` asks for the machine's fonts explicitly.
  ///
  /// - Throws: ``RenderError/fontConfig(_:)`` when fontconfig cannot build the pinned set.
  public convenience init() throws(RenderError) {
    try self.init(fontSet: .standard)
  }

  /// A renderer with the standard set plus the font files and folders `fonts` (brand fonts,
  /// SF Pro files a designer owns), all pinned the same way: a private fontconfig configuration
  /// with no system font in it. Text no font of the set covers shows as hex boxes.
  ///
  /// - Throws: ``RenderError/fontConfig(_:)`` naming a path that is missing or holds no font.
  public convenience init(fonts: [URL]) throws(RenderError) {
    try self.init(fontSet: .standard(adding: fonts))
  }

  /// A renderer with `fontSet`; ``FontSet/system`` uses the machine's fonts and fontconfig
  /// configuration, so its output depends on the machine.
  ///
  /// - Throws: ``RenderError/fontConfig(_:)`` naming an added path that is missing or holds
  ///   no font.
  public init(fontSet: FontSet) throws(RenderError) {
    ProcessFontConfig.prepare()
    self.fontSet = fontSet
    switch fontSet.kind {
    case .pinned(let added):
      config = try PrivateFontConfigs.config(adding: added)
      fontMapKey = PangoFontMapRef.threadKey(adding: added)
      // Made now so that a font map Pango cannot pin fails here, not in the first render.
      try withFontMap { _ throws(RenderError) in }
    case .system:
      config = nil
      fontMapKey = ""
      // Read now, so a configuration that cannot be read (FONTCONFIG_FILE naming a FIFO or a
      // device) fails here, as bad input, not in the first render.
      _ = try SystemFontConfig.shared()
    }
  }

  /// The paths of every font file in the pinned set, sorted; empty with system fonts.
  public var pinnedFontFiles: [String] { config?.files ?? [] }

  /// The characters of `text` that no font of the pinned set has, each once, in order; they
  /// draw as hex boxes. Invisible ones (controls, format characters, variation selectors) are
  /// left out. Empty with system fonts, whose coverage depends on the machine.
  public func uncoveredCharacters(in text: String) -> [Unicode.Scalar] {
    guard let config else { return [] }
    var seen = Set<Unicode.Scalar>()
    return text.unicodeScalars.filter { scalar in
      let properties = scalar.properties
      guard !properties.isDefaultIgnorableCodePoint, properties.generalCategory != .control,
        !properties.isWhitespace, !config.covers(scalar)
      else { return false }
      return seen.insert(scalar).inserted
    }
  }

  /// Lays out and draws `component` in `options.state`: the result's ``RenderResult/image``
  /// and ``RenderResult/fontFiles``.
  ///
  /// - Throws: ``RenderError/configuration(_:)`` for values out of range,
  ///   ``RenderError/imageTooLarge(width:height:)`` past ``RenderLimits/maxPixels``.
  public func render(_ component: ExpandableText, options: RenderOptions) throws(RenderError)
    -> RenderResult
  {
    try render(component, options: options, wholeText: false)
  }

  /// `render`, with `wholeText` laying out the whole text in the collapsed state too instead of
  /// a bounded prefix: the reference that prefix is tested against. `firstPrefixBytes` sets
  /// the length of the first prefix tried, so tests can put its end anywhere.
  @_spi(Reference) public func render(
    _ component: ExpandableText, options: RenderOptions, wholeText: Bool,
    firstPrefixBytes: Int? = nil
  ) throws(RenderError) -> RenderResult {
    try renderStill(
      component, options: options, as: .image, wholeText: wholeText,
      firstPrefixBytes: firstPrefixBytes)
  }

  /// Draws `layout` into a new ``Image``.
  func image(of layout: ComponentLayout, options: RenderOptions) throws(RenderError) -> Image {
    try drawn(layout, options: options) { surface throws(RenderError) in try surface.image() }
  }

  /// Lays out, draws and encodes `component` as PNG (``RenderResult/png``) without making an
  /// ``Image``: the pixels are converted where Cairo drew them and encoded from there, all in
  /// buffers the renderer reuses. The fastest way to write files, and the one whose memory
  /// stays flat over a batch. The result lists no font files (see ``RenderResult/fontFiles``).
  ///
  /// - Throws: as ``render(_:options:)``.
  public func renderPNG(_ component: ExpandableText, options: RenderOptions)
    throws(RenderError) -> RenderResult
  {
    try renderStill(component, options: options, as: .png)
  }

  /// Draws `layout` and encodes it as PNG in the renderer's reused buffers; also the thread
  /// CPU time the conversion and encoding took.
  func png(of layout: ComponentLayout, options: RenderOptions) throws(RenderError)
    -> (png: Data, seconds: Double)
  {
    try drawn(layout, options: options) { surface throws(RenderError) in
      let start = ThreadCPUClock.seconds
      let png = try surface.withRGBAInPlace { pixels, isOpaque throws(RenderError) in
        try PNGEncoder().encode(
          rgbaInPlace: pixels, width: surface.width, height: surface.height, isOpaque: isOpaque,
          using: pngScratch)
      }
      return (png, ThreadCPUClock.seconds - start)
    }
  }

  /// Lays `component` out without drawing: the decisions and geometry only.
  public func layout(of component: ExpandableText, options: RenderOptions) throws(RenderError)
    -> LayoutResult
  {
    try serializedForSystemFonts { () throws(RenderError) in
      try layout(component, options: options).result
    }
  }

  /// Runs `body` alone in the process with system fonts (``SystemFontRenders``), at once with
  /// a pinned set.
  func serializedForSystemFonts<R>(_ body: () throws(RenderError) -> R) throws(RenderError) -> R {
    config == nil ? try SystemFontRenders.serialized(body) : try body()
  }

  func layout(
    _ component: ExpandableText, options: RenderOptions, wholeText: Bool = false,
    firstPrefixBytes: Int? = nil
  ) throws(RenderError) -> ComponentLayout {
    var layouter = try layouter(component, options: options)
    layouter.laysOutWholeText = wholeText
    layouter.firstPrefixBytes = firstPrefixBytes
    let layout = try layouter.layout()
    layoutPasses += 1
    textLayouts += layout.result.layouts
    return layout
  }

  /// A layouter for `component` on this renderer's fonts, after checking the input.
  func layouter(_ component: ExpandableText, options: RenderOptions) throws(RenderError)
    -> Layouter
  {
    try InputValidation.check(component, options)
    let context = try withFontMap { map throws(RenderError) in
      try PangoTextContext(
        fontMap: map, direction: component.direction, language: options.language,
        pinned: config != nil)
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

  /// Lends `body` the calling thread's font map: for a pinned set, the one this thread keeps
  /// for it (looked up on every use, so a renderer that moves to another thread never shares a
  /// font map with the thread it left); else the one this thread keeps for the machine's
  /// configuration (``SystemFontConfig``). A context made from it holds its own reference.
  func withFontMap<R>(_ body: (UnsafeMutablePointer<PangoFontMap>) throws(RenderError) -> R)
    throws(RenderError) -> R
  {
    if let config {
      return try PangoFontMapRef.forCurrentThread(config: config, key: fontMapKey)
        .withUnsafePointer(body)
    }
    // The machine's configuration, read into one of our own: the process's current one is
    // kept empty (see ProcessFontConfig).
    return try PangoFontMapRef.forCurrentThread(
      config: SystemFontConfig.shared(), key: "ExpandablePreview.fontMap.system"
    ).withUnsafePointer(body)
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

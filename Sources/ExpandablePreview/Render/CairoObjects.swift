internal import CPangoCairo

/// Owns an ARGB32 `cairo_surface_t` drawing into a renderer's ``ScratchBuffer``
/// (`cairo_image_surface_create_for_data`, `cairo_surface_destroy`). Cairo never frees or,
/// once drawing is done, touches that memory; the renderer may release a large block after
/// use even before this object goes away. The buffer's old contents do not matter, since every render starts by painting the
/// whole surface with the `SOURCE` operator. The buffer has room for the PNG filter to work in
/// place after the pixels are converted (``withRGBAInPlace(_:)``).
final class CairoImageSurface {
  private let pointer: OpaquePointer
  let width: Int
  let height: Int
  /// Keeps a buffer made for this surface alone (as `CairoPNGWriter` does) alive with it.
  private let pixels: ScratchBuffer

  init(width: Int, height: Int, pixels: ScratchBuffer) throws(RenderError) {
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    guard stride == width * 4 else {
      throw .cairo(
        operation: "cairo_format_stride_for_width (\(stride) for \(width) pixels)",
        status: .invalidStride)
    }
    let data = pixels.reserve(PNGSubFilter.inPlaceCapacity(width: width, height: height))
      .baseAddress?.assumingMemoryBound(to: UInt8.self)
    guard
      let surface = cairo_image_surface_create_for_data(
        data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
    else { throw .cairo(operation: "cairo_image_surface_create_for_data", status: .noMemory) }
    pointer = surface
    self.width = width
    self.height = height
    self.pixels = pixels
    try RenderError.check(cairo_surface_status(surface), "cairo_image_surface_create_for_data")
  }

  deinit { cairo_surface_destroy(pointer) }

  /// Lends the `cairo_surface_t` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }

  /// A copy of the pixels as an ``Image`` of straight-alpha RGBA bytes, row by row without
  /// padding; its opacity is noted on the way, so encoding does not scan the pixels again.
  func image() throws(RenderError) -> Image {
    let source = try drawnPixels()
    let count = width * height * 4
    var isOpaque = true
    let rgba = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
      initialized = 0
      guard let target = output.baseAddress else { return }
      target.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: count)
      isOpaque = PixelConversion.argbToRGBAInPlace(target, width: width, height: height)
      initialized = count
    }
    return Image(width: width, height: height, rgba: rgba, isOpaque: isOpaque)
  }

  /// Converts the pixels to straight-alpha RGBA in place and hands `body` the whole buffer
  /// (``PNGSubFilter/inPlaceCapacity(width:height:)`` bytes), packed RGBA rows first, to use as
  /// it likes. The surface must not be drawn on afterwards.
  func withRGBAInPlace<T>(
    _ body: (UnsafeMutableRawBufferPointer, _ isOpaque: Bool) throws(RenderError) -> T
  ) throws(RenderError) -> T {
    let pixels = try drawnPixels()
    let isOpaque = PixelConversion.argbToRGBAInPlace(pixels, width: width, height: height)
    let capacity = PNGSubFilter.inPlaceCapacity(width: width, height: height)
    return try body(UnsafeMutableRawBufferPointer(start: pixels, count: capacity), isOpaque)
  }

  /// Copies the pixel `rows` to the same rows of `target` (packed RGBA, the surface's size) as
  /// straight-alpha RGBA, leaving the surface as it is for more drawing.
  ///
  /// - Returns: whether every copied pixel is opaque.
  func copyRGBA(rows: Range<Int>, into target: UnsafeMutableRawPointer) throws(RenderError)
    -> Bool
  {
    guard !rows.isEmpty else { return true }
    let source = try drawnPixels()
    let offset = rows.lowerBound * width * 4
    (target + offset).copyMemory(from: source + offset, byteCount: rows.count * width * 4)
    return PixelConversion.argbToRGBAInPlace(target + offset, width: width, height: rows.count)
  }

  /// The surface's data after Cairo finished drawing.
  private func drawnPixels() throws(RenderError) -> UnsafeMutableRawPointer {
    cairo_surface_flush(pointer)
    guard let data = cairo_image_surface_get_data(pointer) else {
      throw .cairo(operation: "cairo_image_surface_get_data", status: .nullPointer)
    }
    return UnsafeMutableRawPointer(data)
  }
}

/// Owns a `cairo_t` drawing on a surface (`cairo_create`, `cairo_destroy`).
final class CairoContext {
  private let pointer: OpaquePointer
  /// Keeps the surface alive while the context draws on it.
  let surface: CairoImageSurface

  init(surface: CairoImageSurface) throws(RenderError) {
    guard let context = surface.withUnsafePointer({ cairo_create($0) }) else {
      throw .cairo(operation: "cairo_create", status: .noMemory)
    }
    pointer = context
    self.surface = surface
    try RenderError.check(cairo_status(context), "cairo_create")
  }

  deinit { cairo_destroy(pointer) }

  /// Lends the `cairo_t` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }

  func setSource(_ color: Color.RGBA) {
    cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
  }
}

/// Owns a horizontal linear gradient `cairo_pattern_t` (`cairo_pattern_destroy`).
final class CairoLinearGradient {
  private let pointer: OpaquePointer

  /// Opaque at `opaqueX`, `clearAlpha` (fully clear by default) at `clearX`, padded beyond both
  /// ends.
  init(opaqueX: Double, clearX: Double, clearAlpha: Double = 0) throws(RenderError) {
    guard let pattern = cairo_pattern_create_linear(opaqueX, 0, clearX, 0) else {
      throw .cairo(operation: "cairo_pattern_create_linear", status: .noMemory)
    }
    pointer = pattern
    cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 1)
    cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 0, clearAlpha)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    try RenderError.check(cairo_pattern_status(pattern), "cairo_pattern_create_linear")
  }

  deinit { cairo_pattern_destroy(pointer) }

  /// Lends the `cairo_pattern_t` to `body`, keeping its owner alive meanwhile; the pointer must not
  /// escape the closure.
  func withUnsafePointer<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
    try withExtendedLifetime(self) { () throws(E) -> R in try body(pointer) }
  }
}

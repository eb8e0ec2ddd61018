internal import CPangoCairo

/// Owns an ARGB32 `cairo_surface_t` (`cairo_image_surface_create`, `cairo_surface_destroy`).
final class CairoImageSurface {
  let pointer: OpaquePointer
  let width: Int
  let height: Int

  init(width: Int, height: Int) throws(RenderError) {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { throw .cairo(operation: "cairo_image_surface_create", status: "NULL surface") }
    pointer = surface
    self.width = width
    self.height = height
    try RenderError.check(cairo_surface_status(surface), "cairo_image_surface_create")
  }

  deinit { cairo_surface_destroy(pointer) }

  /// The pixels as an ``Image`` of straight-alpha RGBA bytes, row by row without padding; its
  /// opacity is noted on the way, so encoding does not scan the pixels again.
  func image() throws(RenderError) -> Image {
    cairo_surface_flush(pointer)
    let stride = Int(cairo_image_surface_get_stride(pointer))
    guard let data = cairo_image_surface_get_data(pointer) else {
      throw .cairo(operation: "cairo_image_surface_get_data", status: "NULL data")
    }
    let width = self.width
    let height = self.height
    var alphas: UInt32 = 0xFF00_0000
    let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, count in
      count = 0
      guard let base = output.baseAddress else { return }
      for row in 0..<height {
        let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
        let target = UnsafeMutableRawPointer(base + row * width * 4)
        // Branch-free first pass (it vectorizes): ARGB32 is a native-endian premultiplied
        // word; opaque pixels only need their bytes reordered to R, G, B, A.
        var rowAlphas: UInt32 = 0xFF00_0000
        for column in 0..<width {
          let pixel = source[column]
          rowAlphas &= pixel
          let reordered = pixel & 0xFF00_FF00 | (pixel >> 16) & 0xFF | (pixel & 0xFF) << 16
          target.storeBytes(of: reordered.littleEndian, toByteOffset: column * 4, as: UInt32.self)
        }
        alphas &= rowAlphas
        if rowAlphas & 0xFF00_0000 != 0xFF00_0000 {
          Self.unpremultiply(source, into: target.assumingMemoryBound(to: UInt8.self), width)
        }
      }
      count = width * height * 4
    }
    return Image(width: width, height: height, rgba: rgba, isOpaque: alphas == 0xFF00_0000)
  }

  /// Rewrites the translucent pixels of a row with straight (not premultiplied) color.
  private static func unpremultiply(
    _ source: UnsafePointer<UInt32>, into target: UnsafeMutablePointer<UInt8>, _ width: Int
  ) {
    for column in 0..<width {
      let pixel = source[column]
      let alpha = pixel >> 24
      guard alpha != 255 && alpha != 0 else { continue }
      func straight(_ value: UInt32) -> UInt8 { UInt8((value * 255 + alpha / 2) / alpha) }
      target[column * 4] = straight((pixel >> 16) & 0xFF)
      target[column * 4 + 1] = straight((pixel >> 8) & 0xFF)
      target[column * 4 + 2] = straight(pixel & 0xFF)
    }
  }
}

/// Owns a `cairo_t` drawing on a surface (`cairo_create`, `cairo_destroy`).
final class CairoContext {
  let pointer: OpaquePointer
  /// Keeps the surface alive while the context draws on it.
  let surface: CairoImageSurface

  init(surface: CairoImageSurface) throws(RenderError) {
    guard let context = cairo_create(surface.pointer) else {
      throw .cairo(operation: "cairo_create", status: "NULL context")
    }
    pointer = context
    self.surface = surface
    try RenderError.check(cairo_status(context), "cairo_create")
  }

  deinit { cairo_destroy(pointer) }

  func setSource(_ color: Color.RGBA) {
    cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
  }
}

/// Owns a horizontal linear gradient `cairo_pattern_t` (`cairo_pattern_destroy`).
final class CairoLinearGradient {
  let pointer: OpaquePointer

  /// Opaque at `opaqueX`, fully clear at `clearX`, padded beyond both ends.
  init(opaqueX: Double, clearX: Double) throws(RenderError) {
    guard let pattern = cairo_pattern_create_linear(opaqueX, 0, clearX, 0) else {
      throw .cairo(operation: "cairo_pattern_create_linear", status: "NULL pattern")
    }
    pointer = pattern
    cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 1)
    cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 0, 0)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    try RenderError.check(cairo_pattern_status(pattern), "cairo_pattern_create_linear")
  }

  deinit { cairo_pattern_destroy(pointer) }
}

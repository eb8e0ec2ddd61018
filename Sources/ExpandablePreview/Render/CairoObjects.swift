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

  /// The pixels as straight-alpha RGBA bytes, row by row without padding.
  func rgbaPixels() -> [UInt8] {
    cairo_surface_flush(pointer)
    let stride = Int(cairo_image_surface_get_stride(pointer))
    guard let data = cairo_image_surface_get_data(pointer) else { return [] }
    return [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, count in
      for row in 0..<height {
        let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
        for column in 0..<width {
          // ARGB32 is a native-endian premultiplied 32-bit word.
          let pixel = source[column]
          let alpha = pixel >> 24
          var red = (pixel >> 16) & 0xFF
          var green = (pixel >> 8) & 0xFF
          var blue = pixel & 0xFF
          if alpha != 0 && alpha != 255 {
            red = (red * 255 + alpha / 2) / alpha
            green = (green * 255 + alpha / 2) / alpha
            blue = (blue * 255 + alpha / 2) / alpha
          }
          let index = (row * width + column) * 4
          output[index] = UInt8(red)
          output[index + 1] = UInt8(green)
          output[index + 2] = UInt8(blue)
          output[index + 3] = UInt8(alpha)
        }
      }
      count = width * height * 4
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

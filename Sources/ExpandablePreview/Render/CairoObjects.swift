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
    var alphas: UInt32 = 255
    let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, count in
      count = 0
      guard var target = output.baseAddress else { return }
      for row in 0..<height {
        let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
        for column in 0..<width {
          // ARGB32 is a native-endian premultiplied 32-bit word.
          let pixel = source[column]
          let alpha = pixel >> 24
          var red = (pixel >> 16) & 0xFF
          var green = (pixel >> 8) & 0xFF
          var blue = pixel & 0xFF
          alphas &= alpha
          if alpha != 255 && alpha != 0 {
            red = (red * 255 + alpha / 2) / alpha
            green = (green * 255 + alpha / 2) / alpha
            blue = (blue * 255 + alpha / 2) / alpha
          }
          target[0] = UInt8(truncatingIfNeeded: red)
          target[1] = UInt8(truncatingIfNeeded: green)
          target[2] = UInt8(truncatingIfNeeded: blue)
          target[3] = UInt8(truncatingIfNeeded: alpha)
          target += 4
        }
      }
      count = width * height * 4
    }
    return Image(width: width, height: height, rgba: rgba, isOpaque: alphas == 255)
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

internal import CPangoCairo
import Foundation

/// Cairo's own PNG writer (`cairo_surface_write_to_png_stream`, zlib through libpng), kept only
/// so the benchmark can compare ``Image/pngData()`` with it in the same run.
@_spi(Benchmark) public final class CairoPNGWriter {
  private let surface: CairoImageSurface

  /// Copies `image` into an ARGB32 surface, premultiplied, as a render would leave it. This is
  /// setup, not part of the writer's time.
  public init(_ image: Image) throws(RenderError) {
    surface = try CairoImageSurface(
      width: image.width, height: image.height, pixels: ScratchBuffer())
    try surface.withUnsafePointer { pointer throws(RenderError) in
      cairo_surface_flush(pointer)
      let stride = Int(cairo_image_surface_get_stride(pointer))
      guard let data = cairo_image_surface_get_data(pointer) else {
        throw .cairo(operation: "cairo_image_surface_get_data", status: .nullPointer)
      }
      image.rgba.withUnsafeBufferPointer { rgba in
        for row in 0..<image.height {
          let target = UnsafeMutableRawPointer(data + row * stride)
            .assumingMemoryBound(to: UInt32.self)
          for column in 0..<image.width {
            let index = (row * image.width + column) * 4
            let alpha = UInt32(rgba[index + 3])
            func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
            target[column] =
              alpha << 24 | premultiplied(rgba[index]) << 16 | premultiplied(rgba[index + 1]) << 8
              | premultiplied(rgba[index + 2])
          }
        }
      }
      cairo_surface_mark_dirty(pointer)
    }
  }

  /// Encodes the surface with Cairo's writer (RGB when it is opaque, as Cairo decides).
  public func pngData() throws(RenderError) -> Data {
    let sink = Sink()
    let status = surface.withUnsafePointer { pointer in
      cairo_surface_write_to_png_stream(
        pointer,
        { closure, bytes, length in
          guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
          Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(
            bytes, count: Int(length))
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
    }
    try RenderError.check(status, "cairo_surface_write_to_png_stream")
    return sink.data  // also keeps the sink alive through the C call
  }

  /// Collects the stream's bytes for the C callback.
  private final class Sink {
    var data = Data()
  }
}

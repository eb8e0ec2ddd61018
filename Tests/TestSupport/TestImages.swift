import CPangoCairo
import ExpandablePreview
import Foundation

/// Images built pixel by pixel for the diff and golden tests.
package enum TestImages {
  package typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

  package static let white: Pixel = (255, 255, 255, 255)
  package static let black: Pixel = (0, 0, 0, 255)

  package static func filled(_ width: Int, _ height: Int, _ pixel: Pixel = white) -> Image {
    var rgba: [UInt8] = []
    for _ in 0..<(width * height) { rgba += [pixel.r, pixel.g, pixel.b, pixel.a] }
    return Image(width: width, height: height, rgba: rgba)
  }

  /// An opaque gray image, one array of levels per row.
  package static func gray(_ rows: [[UInt8]]) -> Image {
    Image(
      width: rows[0].count, height: rows.count,
      rgba: rows.flatMap { $0.flatMap { [$0, $0, $0, 255] } })
  }

  /// `image` with the pixel at `(x, y)` replaced.
  package static func setting(_ image: Image, _ x: Int, _ y: Int, _ pixel: Pixel) -> Image {
    var rgba = image.rgba
    let index = (y * image.width + x) * 4
    rgba[index..<index + 4] = [pixel.r, pixel.g, pixel.b, pixel.a][...]
    return Image(width: image.width, height: image.height, rgba: rgba)
  }

  /// A black rectangle filled by Cairo on white, with an anti-aliased edge wherever its
  /// sides fall between pixels.
  package static func cairoRectangle(
    x: Double, width: Double, imageWidth: Int = 40, imageHeight: Int = 20
  )
    -> Image
  {
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32(imageWidth), Int32(imageHeight))!
    defer { cairo_surface_destroy(surface) }
    let context = cairo_create(surface)!
    defer { cairo_destroy(context) }
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_paint(context)
    cairo_set_source_rgb(context, 0, 0, 0)
    cairo_rectangle(context, x, 4, width, Double(imageHeight - 8))
    cairo_fill(context)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    var rgba: [UInt8] = []
    for y in 0..<imageHeight {
      for x in 0..<imageWidth {
        // Opaque ARGB32 in native (little-endian) order: B, G, R, A.
        let p = data + y * stride + x * 4
        rgba += [p[2], p[1], p[0], p[3]]
      }
    }
    return Image(width: imageWidth, height: imageHeight, rgba: rgba)
  }
}

/// A fresh empty folder under the temporary directory, removed by the caller.
package func temporaryFolder(_ name: String = #function) throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("expandable-preview-tests")
    .appendingPathComponent(
      "\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

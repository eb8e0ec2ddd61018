internal import CPNG
import Foundation

extension Image {
  /// Decodes PNG data of any color type to straight RGBA (libpng's simplified API,
  /// `png_image_begin_read_from_memory` / `png_image_finish_read`).
  public init(pngData data: Data) throws(RenderError) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let bytes = [UInt8](data)
    let began = bytes.withUnsafeBytes {
      png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
    }
    guard began != 0 else {
      let message = Self.message(of: &image)
      png_image_free(&image)
      throw .png("cannot read PNG header: \(message)")
    }
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
    let width = Int(image.width)
    let height = Int(image.height)
    guard width * height <= RenderLimits.maxPixels else {
      png_image_free(&image)
      throw .imageTooLarge(width: width, height: height)
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let finished = pixels.withUnsafeMutableBytes {
      png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
    }
    guard finished != 0 else {
      let message = Self.message(of: &image)
      png_image_free(&image)
      throw .png("cannot decode PNG: \(message)")
    }
    self.init(width: width, height: height, rgba: pixels)
  }

  private static func message(of image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { buffer in
      String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// Reads and decodes a PNG file.
  public init(contentsOf url: URL) throws {
    try self.init(pngData: Data(contentsOf: url))
  }
}

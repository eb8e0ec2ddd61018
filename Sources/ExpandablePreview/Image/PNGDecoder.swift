internal import CPNG
import Foundation

extension Image {
  /// Decodes PNG data of any color type to straight RGBA (libpng's simplified API,
  /// `png_image_begin_read_from_memory` / `png_image_finish_read`).
  public init(pngData data: Data) throws(RenderError) {
    let decoded = data.withUnsafeBytes { bytes in
      Result { () throws(RenderError) in try Self.decode(bytes) }
    }
    self = try decoded.get()
  }

  /// libpng's memory reader keeps pointing into `bytes` from `begin_read` until `finish_read`
  /// returns, so both run while the caller keeps the bytes alive. (An array local to the first
  /// call was freed early by the optimizer, and the pixel buffer reused its memory.) libpng also
  /// keeps the `png_image`'s address for its error messages, so that lives at one fixed place.
  private static func decode(_ bytes: UnsafeRawBufferPointer) throws(RenderError) -> Image {
    let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
    image.initialize(to: png_image())
    defer {
      png_image_free(image)
      image.deallocate()
    }
    image.pointee.version = UInt32(PNG_IMAGE_VERSION)
    try checkChunkLengths(bytes)
    guard png_image_begin_read_from_memory(image, bytes.baseAddress, bytes.count) != 0 else {
      throw .png("cannot read PNG header: \(Self.message(of: image))")
    }
    image.pointee.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
    // Without this flag libpng takes 16-bit samples as linear light and converts them to sRGB,
    // so an exact 16-bit copy of a golden would differ; with it a 16-bit file without gAMA or
    // sRGB chunk is read by its stored values (v16 scaled to 8 bits), as every editor means it.
    image.pointee.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
    let width = Int(image.pointee.width)
    let height = Int(image.pointee.height)
    guard width * height <= RenderLimits.maxPixels else {
      throw .imageTooLarge(width: width, height: height)
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let finished = pixels.withUnsafeMutableBytes {
      png_image_finish_read(image, nil, $0.baseAddress, Int32(width * 4), nil)
    }
    guard finished != 0 else {
      throw .png("cannot decode PNG: \(Self.message(of: image))")
    }
    return Image(width: width, height: height, rgba: pixels)
  }

  /// Walks the chunks up to `IEND` and refuses one whose declared length runs past the end of
  /// the data, before libpng sees it: libpng allocates a chunk's declared length before reading
  /// it, so a 44-byte file declaring a 2 GB chunk cost 2 GB. After this check nothing libpng
  /// buffers for a chunk is larger than the file. (The simplified API gives no access to
  /// `png_set_chunk_malloc_max`.)
  static func checkChunkLengths(_ bytes: UnsafeRawBufferPointer) throws(RenderError) {
    guard bytes.count >= 8 else { return }  // libpng reports the missing signature
    func bigEndian(_ at: Int) -> Int {
      (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
    }
    var offset = 8
    while bytes.count - offset >= 8 {
      let length = bigEndian(offset)
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      guard length <= bytes.count - offset - 12 else {
        throw .png(
          "chunk \(type) at byte \(offset) declares \(length) bytes, more than the "
            + "\(bytes.count)-byte file holds")
      }
      if type == "IEND" { return }
      offset += 12 + length
    }
  }

  private static func message(of image: UnsafeMutablePointer<png_image>) -> String {
    withUnsafeBytes(of: &image.pointee.message) { buffer in
      String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// Reads and decodes a PNG file.
  public init(contentsOf url: URL) throws {
    try self.init(pngData: Data(contentsOf: url))
  }
}

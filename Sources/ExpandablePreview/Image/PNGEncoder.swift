internal import CPNG
import Foundation

/// A PNG writer tuned for rendered text: one IDAT chunk, the Sub filter on every row, a fast
/// libdeflate level, RGB when the image is opaque, and no time or text chunks, so equal pixels
/// give equal bytes.
struct PNGEncoder {
  /// libdeflate's level; 4 keeps files near Cairo's size at a fraction of zlib's time.
  var compressionLevel: Int32 = 4

  func encode(_ image: Image) throws(RenderError) -> Data {
    let channels = image.isOpaque ? 3 : 4
    let filtered = subFiltered(image, channels: channels)
    guard let compressor = libdeflate_alloc_compressor(compressionLevel) else {
      throw .png("libdeflate_alloc_compressor failed")
    }
    defer { libdeflate_free_compressor(compressor) }
    let bound = libdeflate_zlib_compress_bound(compressor, filtered.count)
    var compressed = [UInt8](repeating: 0, count: bound)
    let size = filtered.withUnsafeBytes { input in
      compressed.withUnsafeMutableBytes { output in
        libdeflate_zlib_compress(
          compressor, input.baseAddress, input.count, output.baseAddress, output.count)
      }
    }
    guard size > 0 else { throw .png("libdeflate_zlib_compress failed") }

    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = [UInt8]()
    header.appendBigEndian(UInt32(image.width))
    header.appendBigEndian(UInt32(image.height))
    header += [8, channels == 3 ? 2 : 6, 0, 0, 0]  // depth, color type, deflate, filters, no interlace
    appendChunk("IHDR", header[...], to: &png)
    appendChunk("IDAT", compressed[..<size], to: &png)
    appendChunk("IEND", [][...], to: &png)
    return png
  }

  /// Rows prefixed with filter type 1 (Sub): each byte minus the byte one pixel to its left.
  private func subFiltered(_ image: Image, channels: Int) -> [UInt8] {
    let rowLength = image.width * channels + 1
    return [UInt8](unsafeUninitializedCapacity: rowLength * image.height) { output, count in
      image.rgba.withUnsafeBufferPointer { rgba in
        for row in 0..<image.height {
          let out = row * rowLength
          output[out] = 1
          var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
          for column in 0..<image.width {
            let source = (row * image.width + column) * 4
            let target = out + 1 + column * channels
            let pixel = (rgba[source], rgba[source + 1], rgba[source + 2], rgba[source + 3])
            output[target] = pixel.0 &- previous.0
            output[target + 1] = pixel.1 &- previous.1
            output[target + 2] = pixel.2 &- previous.2
            if channels == 4 { output[target + 3] = pixel.3 &- previous.3 }
            previous = pixel
          }
        }
      }
      count = rowLength * image.height
    }
  }

  private func appendChunk(_ type: String, _ body: ArraySlice<UInt8>, to png: inout Data) {
    var length = [UInt8]()
    length.appendBigEndian(UInt32(body.count))
    png.append(contentsOf: length)
    let typeBytes = Array(type.utf8)
    var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
    crc = body.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
    png.append(contentsOf: typeBytes)
    png.append(contentsOf: body)
    var trailer = [UInt8]()
    trailer.appendBigEndian(crc)
    png.append(contentsOf: trailer)
  }
}

extension Array where Element == UInt8 {
  mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ])
  }
}

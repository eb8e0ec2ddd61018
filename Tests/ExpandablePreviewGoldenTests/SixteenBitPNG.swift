import ExpandablePreview
import Foundation

/// Writes 16-bit-per-channel PNG files for the tests, as an image editor would save a golden:
/// each 8-bit value `v` stored as `v × 257` (the exact 16-bit equivalent), or any 16-bit values
/// given directly. Plain Swift (stored deflate blocks, CRC-32, Adler-32), so the file does not
/// depend on the encoder under test.
enum SixteenBitPNG {
  /// The exact 16-bit copy of `image`: RGBA, or RGB when `dropAlpha`.
  static func copy(of image: Image, dropAlpha: Bool = false) -> Data {
    let channels = dropAlpha ? 3 : 4
    var samples: [UInt16] = []
    samples.reserveCapacity(image.width * image.height * channels)
    for pixel in 0..<(image.width * image.height) {
      for channel in 0..<channels { samples.append(UInt16(image.rgba[pixel * 4 + channel]) * 257) }
    }
    return encode(width: image.width, height: image.height, channels: channels, samples: samples)
  }

  /// A PNG of bit depth 16 with `samples` (row by row, `channels` per pixel: 3 = RGB, 4 = RGBA).
  static func encode(width: Int, height: Int, channels: Int, samples: [UInt16]) -> Data {
    var raw: [UInt8] = []
    for y in 0..<height {
      raw.append(0)  // filter None
      for sample in samples[(y * width * channels)..<((y + 1) * width * channels)] {
        raw += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
      }
    }
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let header =
      bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [16, channels == 4 ? 6 : 2, 0, 0, 0]
    file += chunk("IHDR", header)
    file += chunk("IDAT", zlibStored(raw))
    file += chunk("IEND", [])
    return Data(file)
  }

  private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + body
    return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
  }

  /// A zlib stream of stored (uncompressed) deflate blocks.
  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65_535, data.count)
      let count = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)
      out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    return out + bigEndian(adler32(data))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }
}

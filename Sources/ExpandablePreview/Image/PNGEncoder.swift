internal import CPNG
import Foundation

/// A PNG writer tuned for rendered text: one IDAT chunk, the Sub filter on every row, a fast
/// libdeflate level, RGB when the image is opaque, and no time or text chunks, so equal pixels
/// give equal bytes. The file is assembled in one buffer: the stream is compressed in place.
/// A renderer passes its ``PNGScratch`` so the large buffers are reused from image to image.
struct PNGEncoder {
  /// libdeflate's level. On the benchmark corpus level 2 was the fastest, at 1.01× the bytes
  /// of Cairo's writer (level 1: 1.12×; levels 3 and 4: no smaller, no faster).
  var compressionLevel: Int32 = 2

  /// Signature (8) + IHDR chunk (12 + 13) + IDAT length and type (8).
  private static let headerSize = 8 + 25 + 8
  /// IDAT CRC (4) + IEND chunk (12).
  private static let trailerSize = 4 + 12

  func encode(_ image: Image) throws(RenderError) -> Data {
    // A copy to filter in place: the image's own bytes stay as they are.
    let copy = ScratchBuffer()
    let buffer = copy.reserve(
      PNGSubFilter.inPlaceCapacity(width: image.width, height: image.height))
    image.rgba.withUnsafeBytes { buffer.copyMemory(from: $0) }
    // `copy` owns `buffer`'s memory: it must outlive the encoding, not just its last mention.
    return try withExtendedLifetime(copy) { () throws(RenderError) in
      try encode(
        rgbaInPlace: buffer, width: image.width, height: image.height, isOpaque: image.isOpaque,
        using: PNGScratch())
    }
  }

  /// Encodes packed straight-alpha RGBA rows at the start of `pixels`, which the filter
  /// overwrites (it needs ``PNGSubFilter/inPlaceCapacity(width:height:)`` bytes), reusing
  /// `scratch`'s file buffer and compressor.
  func encode(
    rgbaInPlace pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, isOpaque: Bool,
    using scratch: PNGScratch
  ) throws(RenderError) -> Data {
    defer { scratch.releaseIfLarge() }
    let channels = isOpaque ? 3 : 4
    let filteredCount = PNGSubFilter.applyInPlace(
      pixels, width: width, height: height, channels: channels)
    let filtered = UnsafeRawBufferPointer(rebasing: pixels[..<filteredCount])
    let compressor = try scratch.compressor(level: compressionLevel)
    // Only the written part of this bound-sized buffer is touched, so only that part becomes
    // resident memory.
    let buffer = scratch.file.reserve(
      Self.headerSize + compressor.zlibBound(filtered.count) + Self.trailerSize)
    var writer = PNGChunkWriter(buffer: buffer)
    writer.append(PNGChunkWriter.signature)
    writer.beginChunk("IHDR", length: 13)
    writer.appendBigEndian(UInt32(width))
    writer.appendBigEndian(UInt32(height))
    // Bit depth 8, color type RGB (2) or RGBA (6), deflate, adaptive filtering, no interlace.
    writer.append([8, channels == 3 ? 2 : 6, 0, 0, 0])
    writer.endChunk()
    writer.beginChunk("IDAT", length: 0)
    let body = UnsafeMutableRawBufferPointer(
      rebasing: buffer[writer.offset..<(buffer.count - Self.trailerSize)])
    let compressed = try compressor.zlibCompress(filtered, into: body)
    writer.setChunkLength(compressed)
    writer.offset += compressed
    writer.endChunk()
    writer.beginChunk("IEND", length: 0)
    writer.endChunk()
    return Data(UnsafeRawBufferPointer(rebasing: buffer[..<writer.offset]))
  }
}

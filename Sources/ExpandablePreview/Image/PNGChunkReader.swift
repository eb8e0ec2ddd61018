internal import CPNG
import Foundation

/// Reads a PNG file's chunks in order, checking the signature, the lengths and each CRC-32.
struct PNGChunkReader {
  struct Chunk {
    let type: String
    let body: Data
  }

  private let data: Data
  private var offset: Int

  init(_ data: Data) throws(RenderError) {
    guard data.count >= 8, Array(data.prefix(8)) == PNGChunkWriter.signature else {
      throw .png("not a PNG file (no PNG signature)")
    }
    self.data = data
    offset = data.startIndex + 8
  }

  /// The next chunk, or `nil` after the last byte.
  mutating func next() throws(RenderError) -> Chunk? {
    guard offset < data.endIndex else { return nil }
    guard data.endIndex - offset >= 12 else { throw .png("truncated chunk at byte \(offset)") }
    let length = Int(Self.bigEndian(data, at: offset))
    let typeBytes = data[(offset + 4)..<(offset + 8)]
    let type = String(decoding: typeBytes, as: UTF8.self)
    guard length <= Int(Int32.max), data.endIndex - offset - 12 >= length else {
      throw .png("chunk \(type) at byte \(offset) runs past the end of the file")
    }
    let bodyStart = offset + 8
    let body = data[bodyStart..<(bodyStart + length)]
    let stored = Self.bigEndian(data, at: bodyStart + length)
    let computed = data[(offset + 4)..<(bodyStart + length)].withUnsafeBytes {
      UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count))
    }
    guard stored == computed else { throw .png("chunk \(type) at byte \(offset) has a bad CRC") }
    offset = bodyStart + length + 4
    return Chunk(type: type, body: Data(body))
  }

  static func bigEndian(_ data: Data, at offset: Int) -> UInt32 {
    data[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  static func bigEndian16(_ data: Data, at offset: Int) -> UInt16 {
    UInt16(data[offset]) << 8 | UInt16(data[offset + 1])
  }
}

internal import CPNG

/// Writes PNG chunks into a buffer large enough for them: length, type, body, CRC-32.
struct PNGChunkWriter {
  let buffer: UnsafeMutableRawBufferPointer
  var offset = 0
  private var chunkStart = 0

  init(buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }

  /// The PNG file signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  mutating func append(_ bytes: [UInt8]) {
    for byte in bytes {
      buffer[offset] = byte
      offset += 1
    }
  }

  mutating func appendBigEndian(_ value: UInt32) {
    buffer.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
    offset += 4
  }

  mutating func appendBigEndian(_ value: UInt16) {
    buffer.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt16.self)
    offset += 2
  }

  mutating func beginChunk(_ type: String, length: Int) {
    chunkStart = offset
    appendBigEndian(UInt32(length))
    append(Array(type.utf8))
  }

  /// Rewrites the length of the chunk begun last (for a body written after `beginChunk`).
  func setChunkLength(_ length: Int) {
    buffer.storeBytes(of: UInt32(length).bigEndian, toByteOffset: chunkStart, as: UInt32.self)
  }

  /// Appends the CRC-32 of the chunk's type and body (`libdeflate_crc32`).
  mutating func endChunk() {
    let covered = UnsafeRawBufferPointer(rebasing: buffer[(chunkStart + 4)..<offset])
    appendBigEndian(libdeflate_crc32(0, covered.baseAddress, covered.count))
  }
}

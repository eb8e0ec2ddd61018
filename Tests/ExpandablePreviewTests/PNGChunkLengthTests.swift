import Foundation
import TestSupport
import Testing

@testable import ExpandablePreview

/// A PNG's chunk lengths are checked against the file before libpng reads it: libpng
/// allocates a chunk's declared length first, so a 44-byte file declaring a 2 GB chunk cost
/// 2.2 GB.
@Suite struct PNGChunkLengthTests {
  /// A valid 1×1 PNG with a `tEXt` chunk after `IHDR` declaring `length` bytes (holding 4).
  static func declaringChunk(length: UInt32) throws -> Data {
    let png = [UInt8](try TestImages.filled(1, 1).pngData())
    let afterHeader = 8 + 12 + 13
    func bigEndian(_ value: UInt32) -> [UInt8] {
      [
        UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
        UInt8(value & 0xFF),
      ]
    }
    let chunk = bigEndian(length) + Array("tEXt".utf8) + [0x61, 0, 0x62, 0x63] + [0, 0, 0, 0]
    return Data(png[..<afterHeader] + chunk + png[afterHeader...])
  }

  @Test func aChunkDeclaringMoreThanTheFileIsRefusedBeforeLibpngReadsIt() throws {
    let data = try Self.declaringChunk(length: 0x7fff_ffff)
    #expect(
      throws: RenderError.png(
        "chunk tEXt at byte 33 declares 2147483647 bytes, more than the \(data.count)-byte file holds"
      )
    ) {
      try Image(pngData: data)
    }
  }

  @Test func theLengthCheckWalksEveryChunkOfAValidFile() throws {
    let image = TestImages.filled(40, 30)
    let data = try image.pngData()
    try data.withUnsafeBytes { try Image.checkChunkLengths($0) }
    #expect(try Image(pngData: data) == image)
  }
}

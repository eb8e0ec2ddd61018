@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewSupport
import Foundation
import Testing

/// Support's SHA-256 (OpenSSL's libcrypto) against FIPS 180-4's vectors and, on thousands of
/// seeded random messages fed in random pieces, against the plain reference in this target.
@Suite struct SHA256DigestTests {
  /// FIPS 180-2 / 180-4 example vectors (the one-million "a" is FIPS 180-2's long message).
  static let vectors: [([UInt8], String)] = [
    ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    ),
  ]

  @Test func theStandardsVectors() {
    for (message, expected) in Self.vectors {
      #expect(SHA256Digest.hex(of: message) == expected, "\(message.count) bytes")
      #expect(ReferenceSHA256.hex(of: message) == expected, "reference, \(message.count) bytes")
    }
  }

  /// The seeds are fixed, so a failure names a message that can be made again.
  @Test func randomMessagesInRandomPiecesAgreeWithTheReference() {
    var generator = SplitMix64(seed: 0x5EED_5A25_6000)
    for index in 0..<3_000 {
      let length = Int(generator.next() % 10_001)
      let message = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let digest = SHA256Digest()
      var offset = 0
      while offset < message.count {
        let piece = min(message.count - offset, Int(generator.next() % 300))
        digest.update(message[offset..<offset + piece])
        offset += piece
      }
      #expect(digest.hex() == ReferenceSHA256.hex(of: message), "message \(index), \(length) bytes")
    }
  }

  /// The key fields: a field ends in a NUL, a counted string starts with its length.
  @Test func fieldsFeedTheirDocumentedBytes() {
    let digest = SHA256Digest()
    digest.update(field: "ab")
    digest.update(name: "c")
    digest.update(integer: 0x0102)
    digest.update(counted: "é")
    let bytes: [UInt8] =
      [0x61, 0x62, 0, 0x63, 0, 0x02, 0x01, 0, 0, 0, 0, 0, 0] + [2, 0, 0, 0, 0, 0, 0, 0, 0xC3, 0xA9]
    #expect(digest.hex() == ReferenceSHA256.hex(of: bytes))
  }
}

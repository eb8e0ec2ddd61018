import Foundation
import Testing

@testable import ExpandablePreview

/// The font-file hashes of the fingerprint: SHA-256 of the whole file, read in 1 MiB chunks.
@Suite struct FontFileHashTests {
  /// FIPS 180-2 vectors, plus a file over three chunks (digest from Python's hashlib).
  static let cases: [([UInt8], String)] = [
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
    (
      (0..<(3 << 20) + 5).map { UInt8(truncatingIfNeeded: $0 &* 7) },
      "41fbed9f0d5d1683eb3c1727486c0baf37666b085228ba7ea57e041d65994e28"
    ),
  ]

  @Test func fileHashesAreSHA256OfTheWholeFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "file-hashes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (index, (bytes, digest)) in Self.cases.enumerated() {
      let file = folder.appendingPathComponent("\(index).bin")
      try Data(bytes).write(to: file)
      #expect(try FontFiles.sha256(ofFile: file.path) == digest, "case \(index)")
    }
  }
}

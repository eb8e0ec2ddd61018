import ExpandablePreview
import Testing

@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func knownVectors(message: String, digest: String) {
    #expect(SHA256.hex(of: Array(message.utf8)) == digest)
  }

  @Test func millionAs() {
    #expect(
      SHA256.hex(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func chunkedUpdatesEqualOneUpdate() {
    let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
    let whole = SHA256.hex(of: message)
    for split in [1, 55, 56, 63, 64, 65, 128, 299] {
      var hash = SHA256()
      hash.update(Array(message[..<split]))
      hash.update(Array(message[split...]))
      #expect(SHA256.hex(digest: hash.finalize()) == whole, "split at \(split)")
    }
  }
}

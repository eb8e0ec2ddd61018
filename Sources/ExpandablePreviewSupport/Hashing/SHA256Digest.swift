internal import CCrypto
import Foundation

/// A SHA-256 being computed: owns an OpenSSL `EVP_MD_CTX` (`EVP_MD_CTX_new`, freed with
/// `EVP_MD_CTX_free`) set up for SHA-256. Every SHA-256 of the package goes through it: content
/// keys, the hashes of written and cached files, font files, the renderer identity. OpenSSL
/// uses the CPU's SHA extensions where it has them: 4–5 times GLib's `GChecksum` here.
package final class SHA256Digest {
  private let context: OpaquePointer

  package init() {
    // Both fail only when out of memory or when libcrypto has no SHA-256, neither of which a
    // run can recover from.
    guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed") }
    guard SHA256Algorithm.shared.setUp(context) else {
      EVP_MD_CTX_free(context)
      fatalError("EVP_DigestInit_ex2(SHA-256) failed")
    }
    self.context = context
  }

  deinit { EVP_MD_CTX_free(context) }

  /// Feeds `count` bytes at `base` (`EVP_DigestUpdate`).
  package func update(_ base: UnsafeRawPointer?, count: Int) {
    guard count > 0 else { return }
    // Fails only for a context that was never set up, which init rules out.
    _ = EVP_DigestUpdate(context, base, count)
  }

  /// Feeds `bytes`.
  package func update(_ bytes: some DataProtocol) {
    for region in bytes.regions {
      region.withUnsafeBytes { raw in update(raw.baseAddress, count: raw.count) }
    }
  }

  /// Feeds a string's UTF-8 bytes and then a NUL, so that consecutive fields cannot run into
  /// each other ("ab" + "c" differs from "a" + "bc").
  package func update(field: String) {
    // Straight from the string's storage: content keys feed thousands of short fields.
    var field = field
    field.withUTF8 { bytes in update(bytes.baseAddress, count: bytes.count) }
    update(byte: 0)
  }

  /// Feeds a name's UTF-8 bytes and then a NUL, as ``update(field:)`` does.
  package func update(name field: StaticString) {
    field.withUTF8Buffer { bytes in update(bytes.baseAddress, count: bytes.count) }
    update(byte: 0)
  }

  /// Feeds the eight bytes of `value`, least significant first: a field of fixed length,
  /// which needs no terminator.
  package func update(integer value: UInt64) {
    var bytes = value.littleEndian
    withUnsafeBytes(of: &bytes) { raw in update(raw.baseAddress, count: raw.count) }
  }

  /// Feeds a string's length in UTF-8 bytes (``update(integer:)``) and then those bytes: no
  /// value can run into the next field, whatever characters it holds.
  package func update(counted string: String) {
    var string = string
    string.withUTF8 { bytes in
      update(integer: UInt64(bytes.count))
      update(bytes.baseAddress, count: bytes.count)
    }
  }

  private func update(byte: UInt8) {
    var byte = byte
    update(&byte, count: 1)
  }

  /// The digest as 64 lowercase hex digits (`EVP_DigestFinal_ex`); no more updates after.
  package func hex() -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    // Fails only for a context that was never set up, which init rules out.
    _ = EVP_DigestFinal_ex(context, &digest, &length)
    let digits = Array("0123456789abcdef".utf8)
    return String(unsafeUninitializedCapacity: 64) { text in
      for (index, byte) in digest.enumerated() {
        text[2 * index] = digits[Int(byte >> 4)]
        text[2 * index + 1] = digits[Int(byte & 0x0f)]
      }
      return 64
    }
  }

  /// The SHA-256 of `bytes` in hex.
  package static func hex(of bytes: some DataProtocol) -> String {
    let digest = SHA256Digest()
    digest.update(bytes)
    return digest.hex()
  }
}

/// OpenSSL's SHA-256 implementation, fetched once (`EVP_MD_fetch`): a context set up with it
/// skips the per-context lookup that `EVP_sha256()` costs. Held for the whole process, never
/// freed: every digest borrows it.
private final class SHA256Algorithm: @unchecked Sendable {
  static let shared = SHA256Algorithm()
  // Immutable after init; libcrypto's fetched algorithms are safe to share between threads.
  private let pointer: OpaquePointer

  private init() {
    guard let pointer = EVP_MD_fetch(nil, "SHA256", nil) else {
      fatalError("libcrypto has no SHA-256 (EVP_MD_fetch)")
    }
    self.pointer = pointer
  }

  deinit { EVP_MD_free(pointer) }

  /// Sets `context` up for SHA-256 with this algorithm (`EVP_DigestInit_ex2`); false when
  /// libcrypto refuses.
  func setUp(_ context: OpaquePointer) -> Bool { EVP_DigestInit_ex2(context, pointer, nil) == 1 }
}

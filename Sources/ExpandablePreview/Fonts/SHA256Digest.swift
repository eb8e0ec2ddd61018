internal import CPangoCairo
import Foundation

/// A SHA-256 being computed: owns a GLib `GChecksum` (`g_checksum_new(G_CHECKSUM_SHA256)`,
/// freed with `g_checksum_free`); GLib is linked for Pango anyway. Content keys and the hashes
/// of written files use it.
package final class SHA256Digest {
  private let checksum: OpaquePointer

  package init() {
    // g_checksum_new returns NULL only for an unknown checksum type; SHA-256 is always known.
    checksum = g_checksum_new(G_CHECKSUM_SHA256)!
  }

  deinit { g_checksum_free(checksum) }

  /// Feeds `bytes` (`g_checksum_update`).
  package func update(_ bytes: some DataProtocol) {
    for region in bytes.regions {
      region.withUnsafeBytes { raw in
        g_checksum_update(
          checksum, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
      }
    }
  }

  /// Feeds a string's UTF-8 bytes and then a NUL, so that consecutive fields cannot run into
  /// each other ("ab" + "c" differs from "a" + "bc").
  package func update(field: String) {
    // Straight from the string's storage: content keys feed thousands of short fields.
    var field = field
    field.withUTF8 { bytes in g_checksum_update(checksum, bytes.baseAddress, bytes.count) }
    var terminator: UInt8 = 0
    g_checksum_update(checksum, &terminator, 1)
  }

  /// Feeds a name's UTF-8 bytes and then a NUL, as ``update(field:)`` does.
  package func update(name field: StaticString) {
    field.withUTF8Buffer { bytes in g_checksum_update(checksum, bytes.baseAddress, bytes.count) }
    var terminator: UInt8 = 0
    g_checksum_update(checksum, &terminator, 1)
  }

  /// Feeds the eight bytes of `value`, least significant first: a field of fixed length,
  /// which needs no terminator.
  package func update(integer value: UInt64) {
    var bytes = value.littleEndian
    withUnsafeBytes(of: &bytes) { raw in
      g_checksum_update(
        checksum, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
    }
  }

  /// Feeds a string's length in UTF-8 bytes (``update(integer:)``) and then those bytes: no
  /// value can run into the next field, whatever characters it holds.
  package func update(counted string: String) {
    var string = string
    string.withUTF8 { bytes in
      update(integer: UInt64(bytes.count))
      g_checksum_update(checksum, bytes.baseAddress, bytes.count)
    }
  }

  /// The digest as 64 lowercase hex digits (`g_checksum_get_string`); no more updates after.
  package func hex() -> String { String(cString: g_checksum_get_string(checksum)) }

  /// The SHA-256 of `bytes` in hex.
  package static func hex(of bytes: some DataProtocol) -> String {
    let digest = SHA256Digest()
    digest.update(bytes)
    return digest.hex()
  }
}

internal import CPangoCairo

/// A SHA-256 being computed: owns a GLib `GChecksum` (`g_checksum_new(G_CHECKSUM_SHA256)`,
/// freed with `g_checksum_free`). The tool runs before the renderer is built, so it cannot use
/// the renderer's digest.
final class IdentityDigest {
  private let checksum: OpaquePointer

  init() {
    // NULL only for an unknown checksum type; SHA-256 is always known.
    checksum = g_checksum_new(G_CHECKSUM_SHA256)!
  }

  deinit { g_checksum_free(checksum) }

  /// Feeds the byte count, then the bytes (`g_checksum_update`): no field can run into the next.
  func update(field bytes: [UInt8]) {
    var count = UInt64(bytes.count).littleEndian
    withUnsafeBytes(of: &count) { raw in
      g_checksum_update(checksum, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
    }
    bytes.withUnsafeBufferPointer { buffer in
      g_checksum_update(checksum, buffer.baseAddress, buffer.count)
    }
  }

  /// Feeds a string's UTF-8 bytes as one field.
  func update(field text: String) { update(field: Array(text.utf8)) }

  /// The digest in lowercase hexadecimal (`g_checksum_get_string`); ends the computation.
  func hex() -> String { String(cString: g_checksum_get_string(checksum)) }
}

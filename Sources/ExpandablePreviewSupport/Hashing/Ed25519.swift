internal import CCrypto
import Foundation

/// An Ed25519 private key (OpenSSL's `EVP_PKEY`, made by `EVP_PKEY_new_raw_private_key`,
/// freed with `EVP_PKEY_free`): signs messages.
package final class Ed25519SigningKey: @unchecked Sendable {
  private let key: OpaquePointer

  /// The key of the 32-byte seed `seed`; nil when OpenSSL refuses it.
  package init?(seed: Data) {
    guard seed.count == 32,
      let key = seed.withUnsafeBytes({
        EVP_PKEY_new_raw_private_key(
          EVP_PKEY_ED25519, nil, $0.bindMemory(to: UInt8.self).baseAddress, 32)
      })
    else { return nil }
    self.key = key
  }

  deinit { EVP_PKEY_free(key) }

  /// The 32 bytes of the matching public key (`EVP_PKEY_get_raw_public_key`).
  package var publicKey: Data {
    var bytes = [UInt8](repeating: 0, count: 32)
    var length = 32
    EVP_PKEY_get_raw_public_key(key, &bytes, &length)
    return Data(bytes.prefix(length))
  }

  /// The 64-byte signature of `message` (`EVP_DigestSignInit` with no digest, as Ed25519
  /// hashes the message itself, then `EVP_DigestSign`); nil when OpenSSL fails.
  package func signature(of message: Data) -> Data? {
    guard let context = SigningContext() else { return nil }
    return context.withContext { context -> Data? in
      guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1 else { return nil }
      var signature = [UInt8](repeating: 0, count: 64)
      var length = 64
      let signed = message.withUnsafeBytes {
        EVP_DigestSign(
          context, &signature, &length, $0.bindMemory(to: UInt8.self).baseAddress, $0.count)
      }
      return signed == 1 ? Data(signature.prefix(length)) : nil
    }
  }
}

/// An Ed25519 public key (`EVP_PKEY_new_raw_public_key`, freed with `EVP_PKEY_free`): checks
/// signatures.
package final class Ed25519PublicKey: @unchecked Sendable {
  private let key: OpaquePointer

  /// The key of the 32 bytes `bytes`; nil when OpenSSL refuses them.
  package init?(bytes: Data) {
    guard bytes.count == 32,
      let key = bytes.withUnsafeBytes({
        EVP_PKEY_new_raw_public_key(
          EVP_PKEY_ED25519, nil, $0.bindMemory(to: UInt8.self).baseAddress, 32)
      })
    else { return nil }
    self.key = key
  }

  deinit { EVP_PKEY_free(key) }

  /// Whether `signature` is this key's signature of `message` (`EVP_DigestVerifyInit`, then
  /// `EVP_DigestVerify`).
  package func isValid(_ signature: Data, of message: Data) -> Bool {
    guard signature.count == 64, let context = SigningContext() else { return false }
    return context.withContext { context in
      guard EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
      return signature.withUnsafeBytes { signature in
        message.withUnsafeBytes { message in
          EVP_DigestVerify(
            context, signature.bindMemory(to: UInt8.self).baseAddress, signature.count,
            message.bindMemory(to: UInt8.self).baseAddress, message.count) == 1
        }
      }
    }
  }
}

/// One `EVP_MD_CTX` (`EVP_MD_CTX_new`, freed with `EVP_MD_CTX_free`), lent out for one
/// signature or check.
private final class SigningContext {
  private let context: OpaquePointer

  init?() {
    guard let context = EVP_MD_CTX_new() else { return nil }
    self.context = context
  }

  deinit { EVP_MD_CTX_free(context) }

  func withContext<T>(_ body: (OpaquePointer) -> T) -> T { body(context) }
}

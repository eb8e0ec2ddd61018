import ExpandablePreviewSupport
import Foundation

/// Ed25519 signatures on the cache's action entries, as Nix signs its binary caches: a writer
/// with a signing key (``signingKeyVariable``) signs every entry it uploads (a job's entry, a
/// plan bundle, a golden pass, a font check); a reader with trusted public keys
/// (`--cache-trusted-keys` or ``trustedKeysVariable``) uses only entries signed by one of them.
/// Blobs need no signature: a signed entry names each by its SHA-256.
///
/// A key is written `NAME:BASE64`, the name free of spaces and colons, the bytes a 32-byte
/// Ed25519 seed (the secret) or public key. A signature follows the entry's bytes on a last
/// line, `\n#signature NAME:BASE64`, and covers the entry's store, action key and bytes, so
/// an entry cannot be moved to another key.
package struct CacheSigning: Sendable {
  /// The variable holding the writer's secret key.
  package static let signingKeyVariable = "EXPANDABLE_PREVIEW_CACHE_SIGNING_KEY"
  /// The variable holding the trusted public keys (when `--cache-trusted-keys` is not given).
  package static let trustedKeysVariable = "EXPANDABLE_PREVIEW_CACHE_TRUSTED_KEYS"
  static let marker = Data("\n#signature ".utf8)
  /// The longest signature line: a name and 88 characters of base64.
  static let maxTrailerBytes = 512

  var signer: (name: String, key: Ed25519SigningKey)?
  /// Trusted public keys by name; empty: every entry is taken unsigned (the cache's writers
  /// are trusted).
  var trusted: [String: Ed25519PublicKey] = [:]

  /// Whether entries must carry a trusted signature.
  var requiresSignatures: Bool { !trusted.isEmpty }

  package init() {}

  /// Reads the signing key from `environment` and the trusted keys from `trustedList` (else
  /// ``trustedKeysVariable``): keys separated by spaces or commas.
  /// - Throws: a message naming the variable or option whose key is malformed (never a
  ///   secret's bytes).
  package init(trustedList: String?, environment: [String: String]) throws(EngineError) {
    if let text = environment[Self.signingKeyVariable]?.trimmingCharacters(
      in: .whitespacesAndNewlines), !text.isEmpty
    {
      guard let (name, seed) = Self.parse(text), let key = Ed25519SigningKey(seed: seed) else {
        throw EngineError(
          "\(Self.signingKeyVariable): expected NAME:BASE64 of a 32-byte Ed25519 secret key "
            + "(Documentation/GoldenTesting.md, signed entries, says how to make one)")
      }
      signer = (name, key)
    }
    let source = trustedList != nil ? "--cache-trusted-keys" : Self.trustedKeysVariable
    let list = trustedList ?? environment[Self.trustedKeysVariable] ?? ""
    for text in list.split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline }) {
      guard let (name, bytes) = Self.parse(String(text)), let key = Ed25519PublicKey(bytes: bytes)
      else {
        throw EngineError(
          "\(source): '\(text)' is not NAME:BASE64 of a 32-byte Ed25519 public key")
      }
      trusted[name] = key
    }
  }

  /// The name and bytes of `NAME:BASE64`.
  static func parse(_ text: String) -> (String, Data)? {
    guard let colon = text.lastIndex(of: ":") else { return nil }
    let name = String(text[..<colon])
    guard !name.isEmpty, !name.contains(" "), !name.contains(":"),
      let bytes = Data(base64Encoded: String(text[text.index(after: colon)...])),
      bytes.count == 32
    else { return nil }
    return (name, bytes)
  }

  /// What a signature covers: the entry's place and bytes.
  static func message(_ place: String, _ body: Data) -> Data {
    Data("expandable-preview cache signature 1\n\(place)\n".utf8) + body
  }

  /// `body` with the signer's signature line, or `body` alone without a signer.
  func signed(_ body: Data, at place: String) -> Data {
    guard let signer, let signature = signer.key.signature(of: Self.message(place, body)) else {
      return body
    }
    return body + Self.marker + Data("\(signer.name):\(signature.base64EncodedString())".utf8)
  }

  /// The entry's bytes without its signature line, when they may be used: always without
  /// trusted keys, else only with a valid signature by one of them (nil).
  func verified(_ data: Data, at place: String) -> Data? {
    let (body, trailer) = Self.split(data)
    guard requiresSignatures else { return body }
    guard let trailer, let colon = trailer.lastIndex(of: ":"),
      let key = trusted[String(trailer[..<colon])],
      let signature = Data(base64Encoded: String(trailer[trailer.index(after: colon)...])),
      key.isValid(signature, of: Self.message(place, body))
    else { return nil }
    return body
  }

  /// The bytes before the last signature line and that line's text (nil when there is none).
  static func split(_ data: Data) -> (Data, String?) {
    let tail = data.suffix(maxTrailerBytes)
    guard let range = tail.lastRange(of: marker) else { return (data, nil) }
    let body = data[data.startIndex..<range.lowerBound]
    let trailer = String(decoding: data[range.upperBound...], as: UTF8.self)
    return (Data(body), trailer)
  }
}

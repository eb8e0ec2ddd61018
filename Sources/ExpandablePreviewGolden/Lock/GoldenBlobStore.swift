import Foundation

/// Where a locked snapshots folder's golden bytes live: a content-addressed store that keeps
/// each blob under the SHA-256 of its bytes (the Bazel remote cache's `/cas/<sha256>` over HTTP,
/// or a plain folder). The store is shared, not trusted: the lock checks every blob's digest and
/// size itself. A golden store must not evict: a blob it drops is a golden lost.
public protocol GoldenBlobStore: Sendable, CustomStringConvertible {
  /// The blob stored under `sha256`, at most `maxBytes` long.
  func fetch(_ sha256: String, maxBytes: Int) -> GoldenBlobFetch
  /// Stores `bytes` under `sha256` (their digest).
  ///
  /// - Throws: ``GoldenStoreError`` when the store refuses the write or cannot be reached.
  func upload(_ bytes: Data, as sha256: String) throws
  /// Whether the store holds a blob under `sha256`, or why it cannot say.
  func contains(_ sha256: String) -> Result<Bool, GoldenStoreError>
}

/// What a ``GoldenBlobStore`` gave for a digest.
public enum GoldenBlobFetch: Sendable {
  /// The bytes stored under it (not checked yet).
  case bytes(Data)
  /// The store answered that it has no such blob.
  case absent
  /// The store could not answer (down, refused, larger than the bound): why, in plain words.
  case unavailable(String)
}

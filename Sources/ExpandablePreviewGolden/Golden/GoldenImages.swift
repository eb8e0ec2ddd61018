import Foundation

/// Where a ``GoldenStore`` keeps its goldens' bytes, the store's one strategy: a folder of
/// images (``FolderImages``), or a lock file beside the layout records with the bytes in a
/// content-addressed store (``LockedImages``). Layout records and the fingerprint are files in
/// the snapshots folder either way.
package protocol GoldenImages: Sendable {
  /// Whether the golden at `path` is known to hold exactly `bytes` without reading it (a lock
  /// line's digest); false when it must be read to tell.
  func holds(_ bytes: Data, at path: String) -> Bool
  /// The SHA-256 the form records for the golden at `path` without reading it (a lock line's);
  /// nil when it keeps none (a folder: hash the file).
  func recordedDigest(_ path: String) -> String?
  /// The pixel size the form records for the golden at `path` without reading it (a lock
  /// line's); nil when it keeps none (a folder: read the PNG header).
  func recordedPixelSize(_ path: String) -> (width: Int, height: Int)?
  /// Whether ``holds(_:at:)`` can ever say yes, so a check encodes a still to ask it.
  var comparesDigests: Bool { get }
  /// The golden's bytes, at most `maxBytes`.
  func read(_ path: String, maxBytes: Int) -> GoldenRead
  /// Writes the golden's bytes (an image `width`×`height`), atomically.
  func write(_ bytes: Data, at path: String, width: Int, height: Int) throws
  /// Every golden, as sorted relative paths.
  func paths() throws -> [String]
  /// Deletes the golden at `path`.
  func remove(_ path: String) throws
}

/// What ``GoldenImages/read(_:maxBytes:)`` found.
package enum GoldenRead {
  /// No golden under the path.
  case absent
  case bytes(Data)
  /// Something is there that cannot be a golden; the reason in plain words.
  case unreadable(String)
  /// The golden exists but its bytes cannot be had (the store is down, or gave a blob that is
  /// not the one named); the reason in plain words.
  case unavailable(String)
}

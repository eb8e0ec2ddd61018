import ExpandablePreviewSupport
import Foundation

/// Reads a golden's bytes without trusting what the path names (``BoundedFile``).
enum GoldenFile {
  enum Contents {
    /// No file at the path (a dangling symbolic link counts as none).
    case absent
    case bytes(Data)
    /// Something is there that cannot be a golden; the reason in plain words.
    case unreadable(String)
  }

  /// The most bytes a golden of `pixels` pixels in `frames` frames may have: twice the
  /// uncompressed size of RGBA rows with their filter bytes, plus 64 MiB for chunks of other
  /// kinds. A PNG of a larger image than the one compared compresses text far below this, so
  /// only a padded or hostile file reaches it.
  static func maxGoldenBytes(width: Int, height: Int, frames: Int = 1) -> Int {
    let (raw, overflow) = ((width * 4 + 1) * height).multipliedReportingOverflow(by: 2 * frames)
    return overflow ? Int.max : raw.addingReportingOverflow(64 << 20).partialValue
  }

  /// Reads the file at `url`, refusing one larger than `maxBytes` before reading a byte of it
  /// (a golden sparse-padded to gigabytes was read whole).
  static func read(_ url: URL, maxBytes: Int) -> Contents {
    switch BoundedFile.read(url.path, maxBytes: maxBytes) {
    case .absent: .absent
    case .bytes(let data, _): .bytes(data)
    case .unreadable(let reason): .unreadable(reason)
    }
  }
}

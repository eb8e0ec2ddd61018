import ExpandablePreview
import Foundation

/// The snapshots folder's `fingerprint.json` as `verify` uses it: explained when images fail,
/// updated when goldens are written. Hashing font files is the costly part (an emoji or CJK
/// font is megabytes), so this run's fingerprint is computed only when it is needed.
enum SnapshotsFingerprint {
  /// Explains and updates the fingerprint after a run.
  ///
  /// When goldens were recorded, this run's libraries and fonts win; when every image matched,
  /// fonts the file does not name yet are added. Nothing is written in record mode `never`, and
  /// an unchanged file is not rewritten.
  ///
  /// - Parameter partial: the run rendered only part of the manifest (`--only`, `--shard`), so
  ///   fonts only the other goldens used are not a difference.
  /// - Returns: what differs from the recorded fingerprint, when images failed; else nothing.
  static func settle(
    in folder: URL, fontFiles: Set<String>, failed: Bool, anyRecorded: Bool, mode: RecordMode,
    partial: Bool
  ) throws -> [String] {
    let recorded = try Fingerprint.read(in: folder)
    let writes = mode != .never && (anyRecorded || (!failed && lacksFonts(recorded, fontFiles)))
    guard failed || writes else { return [] }
    let current = try Fingerprint.current(fontFiles: fontFiles)
    if writes {
      let merged =
        anyRecorded
        ? recorded.map { current.merging($0) } : recorded.map { $0.merging(current) }
      try (merged ?? current).write(in: folder)
    }
    guard failed, let recorded else { return [] }
    return current.differences(from: recorded, onlyFontsUsed: partial)
  }

  /// Whether `recorded` is missing or does not name one of `fontFiles` (by file name, which is
  /// what it keeps), so that a passing run has something to add.
  private static func lacksFonts(_ recorded: Fingerprint?, _ fontFiles: Set<String>) -> Bool {
    guard let recorded else { return true }
    let named = Set(recorded.fonts.map(\.file))
    return fontFiles.contains { !named.contains(URL(fileURLWithPath: $0).lastPathComponent) }
  }
}

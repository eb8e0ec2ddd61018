import ExpandablePreview
import Foundation

/// The snapshots folder's `fingerprint.json` as `verify` uses it: explained when images fail,
/// updated when goldens are written.
enum SnapshotsFingerprint {
  /// What differs between the recorded fingerprint and this run's, or nothing when there is no
  /// recorded one.
  ///
  /// - Parameter partial: the run rendered only part of the manifest (`--only`, `--shard`), so
  ///   fonts only the other goldens used are not a difference.
  static func differences(current: Fingerprint, recorded: Fingerprint?, partial: Bool)
    -> [String]
  {
    recorded.map { current.differences(from: $0, onlyFontsUsed: partial) } ?? []
  }

  /// Updates the file after a run: when goldens were recorded, this run's libraries and fonts
  /// win; when every image matched, fonts the file does not name yet are added. Nothing is
  /// written in record mode `never`, and an unchanged file is not rewritten.
  static func update(
    in folder: URL, current: Fingerprint, recorded: Fingerprint?, anyRecorded: Bool,
    allPassed: Bool, mode: RecordMode
  ) throws {
    guard mode != .never else { return }
    if anyRecorded {
      try (recorded.map { current.merging($0) } ?? current).write(in: folder)
    } else if allPassed {
      try (recorded.map { $0.merging(current) } ?? current).write(in: folder)
    }
  }
}

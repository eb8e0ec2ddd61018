import ExpandablePreview
import Foundation

/// A snapshots folder's `fingerprint.json` after a run, as `verify` and `assertSnapshot` both
/// keep it. Hashing font files is the costly part (an emoji or CJK font is megabytes), so the
/// run's fingerprint is computed only when it is needed.
extension Fingerprint {
  /// Explains and updates the fingerprint after a run.
  ///
  /// When goldens were recorded, this run's libraries and fonts win; when every image matched,
  /// fonts the file does not name yet are added. Nothing is written in record mode `never`, and
  /// an unchanged file is not rewritten.
  ///
  /// - Parameters:
  ///   - goldenFonts: for each golden checked, the font files its render used: goldens
  ///     recorded by this run (`recordedGoldens`) take these; others get them only when the
  ///     file has none for them yet.
  ///   - partial: the run checked only some of the folder's goldens (`--only`, `--shard`, or
  ///     one `assertSnapshot`), so fonts only the others used are not a difference.
  /// - Returns: what differs from the recorded fingerprint, when images failed; else nothing.
  public static func settle(
    in folder: URL, fontFiles: Set<String>, goldenFonts: [String: [String]] = [:],
    recordedGoldens: Set<String> = [], failed: Bool, anyRecorded: Bool, mode: RecordMode,
    partial: Bool
  ) throws -> [String] {
    // Read, merge and write under the folder's lock: shards recording into one folder at once
    // would otherwise each write their own entries over the other's.
    try FolderLock.withLock(folder) {
      try settleLocked(
        in: folder, fontFiles: fontFiles, goldenFonts: goldenFonts,
        recordedGoldens: recordedGoldens, failed: failed, anyRecorded: anyRecorded, mode: mode,
        partial: partial)
    }
  }

  private static func settleLocked(
    in folder: URL, fontFiles: Set<String>, goldenFonts: [String: [String]],
    recordedGoldens: Set<String>, failed: Bool, anyRecorded: Bool, mode: RecordMode,
    partial: Bool
  ) throws -> [String] {
    let recorded = try read(in: folder)
    let newGoldens = goldenFonts.filter { path, _ in
      recordedGoldens.contains(path) || recorded?.goldens[path] == nil
    }
    let lacks = lacksFonts(recorded, fontFiles) || !newGoldens.isEmpty
    let writes = mode != .never && (anyRecorded || (!failed && lacks))
    guard failed || writes else { return [] }
    var current = try current(fontFiles: fontFiles)
    current.goldens = newGoldens.mapValues { files in
      Set(files.map { URL(fileURLWithPath: $0).lastPathComponent }).sorted()
    }
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

import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// A snapshots folder's `fingerprint.json` after a run, as `verify` and `assertSnapshot` both
/// keep it. Hashing font files is the costly part (an emoji or CJK font is megabytes), so the
/// run's fingerprint is computed only when it is needed.
extension Fingerprint {
  /// Explains and updates the fingerprint after a run.
  ///
  /// When goldens were recorded, this run's libraries and fonts win; when every image matched,
  /// fonts the file does not name yet are added. Nothing is written in record mode `never`, and
  /// an unchanged file is not rewritten. Goldens recorded by the run take their renders' fonts;
  /// others get them only when the file has none for them yet.
  ///
  /// - Returns: what differs from the recorded fingerprint, when the run failed; else nothing.
  public static func settle(_ run: FingerprintUpdate, in folder: URL) throws -> [String] {
    // Read, merge and write under the folder's lock: shards recording into one folder at once
    // would otherwise each write their own entries over the other's.
    try FolderLock.withLock(folder) { try settleLocked(run, in: folder) }
  }

  private static func settleLocked(_ run: FingerprintUpdate, in folder: URL) throws -> [String] {
    let recorded = try read(in: folder)
    let newGoldens = run.goldenFonts.filter { path, _ in
      run.recordedGoldens.contains(path) || recorded?.goldens[path] == nil
    }
    let lacks = lacksFonts(recorded, run.fontFiles) || !newGoldens.isEmpty
    let writes = run.mode != .never && (run.anyRecorded || (!run.failed && lacks))
    guard run.failed || writes else { return [] }
    var current = try current(fontFiles: run.fontFiles)
    current.goldens = newGoldens.mapValues { files in
      Set(files.map { URL(fileURLWithPath: $0).lastPathComponent }).sorted()
    }
    if writes {
      let merged =
        run.anyRecorded
        ? recorded.map { current.merging($0) } : recorded.map { $0.merging(current) }
      try (merged ?? current).write(in: folder)
    }
    guard run.failed, let recorded else { return [] }
    // A font only goldens new to the folder use was never used elsewhere: no difference.
    let name = { (path: String) in URL(fileURLWithPath: path).lastPathComponent }
    let ofOld = Set(
      run.goldenFonts.filter { recorded.goldens[$0.key] != nil }.values.joined().map(name))
    let onlyNew = Set(
      run.goldenFonts.filter { recorded.goldens[$0.key] == nil }.values.joined().map(name)
    ).subtracting(ofOld)
    var compared = current
    compared.fonts.removeAll { onlyNew.contains($0.file) }
    return compared.differences(from: recorded, onlyFontsUsed: run.scope == .someGoldens)
  }

  /// Whether `recorded` is missing or does not name one of `fontFiles` (by file name, which is
  /// what it keeps), so that a passing run has something to add.
  private static func lacksFonts(_ recorded: Fingerprint?, _ fontFiles: Set<String>) -> Bool {
    guard let recorded else { return true }
    let named = Set(recorded.fonts.map(\.file))
    return fontFiles.contains { !named.contains(URL(fileURLWithPath: $0).lastPathComponent) }
  }
}

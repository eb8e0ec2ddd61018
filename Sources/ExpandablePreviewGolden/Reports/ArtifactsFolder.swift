import ExpandablePreview
import Foundation

/// The folder a failing run leaves its evidence in: for each failure the actual image, the
/// expected one and the three-panel diff, under `actual/`, `expected/` and `diff/` with the
/// golden's relative path, plus the reports.
public struct ArtifactsFolder: Sendable {
  public let directory: URL

  /// The subfolders of the actual images, the goldens they were compared with, and the diffs.
  static let actualFolder = "actual"
  static let expectedFolder = "expected"
  static let diffFolder = "diff"

  public init(directory: URL) {
    self.directory = directory.standardizedFileURL
  }

  /// Removes what an earlier run wrote here (only those folders and the reports), so the
  /// folder shows the next run alone.
  public func clear() throws {
    let names = [
      Self.actualFolder, Self.expectedFolder, Self.diffFolder, VerificationReport.jsonFileName,
      VerificationReport.htmlFileName, VerificationReport.junitFileName,
    ]
    for name in names {
      let url = directory.appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: url.path) {
        try FileManager.default.removeItem(at: url)
      }
    }
  }

  /// Writes the files of a failed check and returns their relative paths; writes nothing
  /// for a passing one. PNG bytes the check already has (the golden as read, an image it just
  /// recorded) are copied, not encoded again.
  public func write(_ comparison: GoldenComparison) throws -> VerificationEntry.Artifacts? {
    guard !comparison.passed else { return nil }
    var artifacts = VerificationEntry.Artifacts()
    artifacts.actual = try write(
      comparison.actualPNG ?? comparison.actual.pngData(),
      as: Self.actualFolder + "/" + comparison.path)
    if let diff = comparison.diff {
      artifacts.expected = try write(
        comparison.goldenPNG ?? diff.expected.pngData(),
        as: Self.expectedFolder + "/" + comparison.path)
      artifacts.diff = try write(
        diff.threePanelImage().pngData(), as: Self.diffFolder + "/" + comparison.path)
    }
    return artifacts
  }

  /// The absolute file of a path relative to the folder.
  public func url(for relativePath: String) -> URL {
    relativePath.split(separator: "/").reduce(directory) { $0.appendingPathComponent(String($1)) }
  }

  private func write(_ png: Data, as relativePath: String) throws -> String {
    let file = url(for: relativePath)
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try AtomicFile.write(png, to: file)
    } catch {
      throw GoldenStoreError(path: file.path, message: "cannot write artifact: \(error)")
    }
    return relativePath
  }
}

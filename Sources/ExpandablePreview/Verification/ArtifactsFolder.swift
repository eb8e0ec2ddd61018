import Foundation

/// The folder a failing run leaves its evidence in: for each failure the actual image, the
/// expected one and the three-panel diff, under `actual/`, `expected/` and `diff/` with the
/// golden's relative path, plus the reports.
public struct ArtifactsFolder: Sendable {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory.standardizedFileURL
  }

  /// Writes the files of a failed check and returns their relative paths; writes nothing
  /// for a passing one.
  public func write(_ comparison: GoldenComparison) throws -> VerificationEntry.Artifacts? {
    guard !comparison.passed else { return nil }
    var artifacts = VerificationEntry.Artifacts()
    artifacts.actual = try write(comparison.actual, as: "actual/" + comparison.path)
    if let diff = comparison.diff {
      artifacts.expected = try write(diff.expected, as: "expected/" + comparison.path)
      artifacts.diff = try write(diff.threePanelImage(), as: "diff/" + comparison.path)
    }
    return artifacts
  }

  /// The absolute file of a path relative to the folder.
  public func url(for relativePath: String) -> URL {
    relativePath.split(separator: "/").reduce(directory) { $0.appendingPathComponent(String($1)) }
  }

  private func write(_ image: Image, as relativePath: String) throws -> String {
    let file = url(for: relativePath)
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try image.write(to: file)
    } catch {
      throw GoldenStoreError(path: file.path, message: "cannot write artifact: \(error)")
    }
    return relativePath
  }
}

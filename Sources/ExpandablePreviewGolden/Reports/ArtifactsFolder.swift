import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The folder a failing run leaves its evidence in: for each failure the actual image, the
/// expected one and the three-panel diff, under `actual/`, `expected/` and `diff/` with the
/// golden's relative path, plus the reports.
public struct ArtifactsFolder: Sendable {
  /// The folder, standardized.
  public let directory: URL

  /// The subfolders of the actual images, the goldens they were compared with, and the diffs.
  static let actualFolder = "actual"
  static let expectedFolder = "expected"
  static let diffFolder = "diff"

  /// The artifacts folder at `directory` (made when the first failure is written).
  public init(directory: URL) {
    self.directory = directory.standardizedFileURL
  }

  /// The file that marks a folder as made by this tool, so a later run may clear it.
  public static let markerFileName = ".expandable-preview-artifacts"

  /// Every name the folder holds at its top level: what ``prepare()`` may delete.
  public static let fileNames = [
    actualFolder, expectedFolder, diffFolder, VerificationReport.jsonFileName,
    VerificationReport.htmlFileName, VerificationReport.junitFileName, markerFileName,
  ]

  /// Makes the folder ready for a run: creates and marks it when it is missing or empty; in a
  /// marked folder removes what an earlier run wrote (only ``fileNames``), so the folder shows
  /// the next run alone. A folder with other content and no mark is the user's: refused, and
  /// nothing in it is touched.
  ///
  /// - Throws: ``ArtifactsFolderError`` when the folder is not one this tool may write into.
  public func prepare() throws(ArtifactsFolderError) {
    let fileManager = FileManager.default
    var isFolder: ObjCBool = false
    if fileManager.fileExists(atPath: directory.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw ArtifactsFolderError(path: directory.path, message: "is not a folder")
      }
      let contents: [String]
      do {
        contents = try fileManager.contentsOfDirectory(atPath: directory.path)
      } catch {
        throw ArtifactsFolderError(
          path: directory.path, message: "cannot list the folder: \(SystemReason.of(error))")
      }
      if contents.contains(Self.markerFileName) {
        try removePreviousRun()
        return
      }
      guard contents.isEmpty else {
        throw ArtifactsFolderError(
          path: directory.path,
          message:
            "the folder is not empty and was not made by expandable-preview (it has no "
            + "\(Self.markerFileName) file), so its files are not deleted; choose another "
            + "folder, or empty this one")
      }
    }
    do {
      try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
      try AtomicFile.write(
        Data(
          ("Made by expandable-preview verify: each run deletes actual/, expected/, diff/ and "
            + "the reports here.\n").utf8),
        to: directory.appendingPathComponent(Self.markerFileName))
    } catch {
      throw ArtifactsFolderError(
        path: directory.path, message: "cannot create the folder: \(SystemReason.of(error))")
    }
  }

  /// The name before ``prepare()``; it now refuses a non-empty folder it did not make.
  @available(*, deprecated, renamed: "prepare()")
  public func clear() throws { try prepare() }

  /// Removes the output of an earlier run from a marked folder.
  private func removePreviousRun() throws(ArtifactsFolderError) {
    for name in Self.fileNames where name != Self.markerFileName {
      let url = directory.appendingPathComponent(name)
      var status = stat()
      guard lstat(url.path, &status) == 0 else { continue }
      do {
        try FileManager.default.removeItem(at: url)
      } catch {
        throw ArtifactsFolderError(
          path: url.path,
          message: "cannot delete the previous run's \(name): \(SystemReason.of(error))")
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
      comparison.actualFileBytes(), as: Self.actualFolder + "/" + comparison.path)
    if let golden = try comparison.expectedFileBytes() {
      artifacts.expected = try write(golden, as: Self.expectedFolder + "/" + comparison.path)
    }
    // An animation's diff is the three panels of the frame the comparison names.
    if let diff = comparison.diff {
      artifacts.diff = try write(
        diff.threePanelImage().pngData(), as: Self.diffFolder + "/" + comparison.path)
    }
    return artifacts
  }

  /// Removes what an earlier failure of the golden at `path` left here (its actual, expected
  /// and diff images), so a check that passes now leaves no stale evidence behind.
  public func removeFiles(of path: String) {
    for folder in [Self.actualFolder, Self.expectedFolder, Self.diffFolder] {
      try? FileManager.default.removeItem(at: url(for: folder + "/" + path))
    }
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

/// The `--artifacts` folder cannot be used; names it and says why.
public struct ArtifactsFolderError: Error, Sendable, CustomStringConvertible {
  /// The folder's path.
  public let path: String
  /// Why it cannot be used, in plain words.
  public let message: String

  /// "PATH: MESSAGE".
  public var description: String { "\(path): \(message)" }
}

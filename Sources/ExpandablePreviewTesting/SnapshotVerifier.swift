import ExpandablePreview
import Foundation

/// Renders one snapshot and runs the ``GoldenCheck`` on it; the body of `assertSnapshot`: it
/// only chooses the folders and the record mode, and formats the outcome.
struct SnapshotVerifier {
  let configuration: SnapshotConfiguration
  let testFile: URL
  /// The `swift test --filter` expression that selects the running test (``TestFilter``), for
  /// the accept command.
  var testFilter: String? = nil

  /// The environment the record mode is resolved from (``SnapshotEnvironment``).
  private var recordEnvironment: [String: String] {
    SnapshotEnvironment.current ?? ProcessInfo.processInfo.environment
  }

  /// The golden folder: configured, else `Snapshots/<test file name>/` beside the test file.
  var directory: URL {
    configuration.directory
      ?? testFile.deletingLastPathComponent().appendingPathComponent("Snapshots")
      .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  }

  /// The artifacts folder: configured, else `EXPANDABLE_PREVIEW_ARTIFACTS`, else
  /// `.build/expandable-preview-artifacts` in the test's package (where SwiftPM keeps its own
  /// build products, ignored by version control), else one in the temporary directory.
  var artifacts: URL {
    if let folder = configuration.artifacts { return folder }
    if let path = ProcessInfo.processInfo.environment[SnapshotConfiguration.artifactsVariable],
      !path.isEmpty
    {
      return URL(fileURLWithPath: path)
    }
    let root = packageRoot ?? FileManager.default.temporaryDirectory
    return root.appendingPathComponent(".build").appendingPathComponent(
      "expandable-preview-artifacts")
  }

  /// The nearest folder above the test file that holds a `Package.swift`.
  var packageRoot: URL? {
    var folder = testFile.deletingLastPathComponent().standardizedFileURL
    while folder.path != "/" {
      if FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  /// Where this golden folder's artifacts go: the artifacts folder, then the golden folder's
  /// path relative to the package, so two tests with goldens of the same name in different
  /// folders never share an artifact file. A golden folder outside the package is taken
  /// relative to the deepest folder it shares with the artifacts folder (goldens in
  /// `/tmp/X/Snapshots`, artifacts in `/tmp/X/artifacts`: `artifacts/Snapshots`), or by its
  /// name when they share only `/`: never its absolute path repeated under the artifacts.
  var artifactsForDirectory: URL {
    let golden = directory.standardizedFileURL.pathComponents
    var base = artifacts.standardizedFileURL.pathComponents
    if let root = packageRoot?.pathComponents, golden.starts(with: root) {
      base = root
    } else {
      base = Array(zip(golden, base).prefix { $0 == $1 }.map(\.0))
    }
    let relative = base.count > 1 ? golden.dropFirst(base.count) : golden.dropFirst().suffix(1)
    return relative.reduce(artifacts) { $0.appendingPathComponent($1) }
  }

  /// Returns the failure (message and artifact files to attach), or nil when the snapshot
  /// matches. `render` draws the snapshot with the configured fonts; its kind (a still, an
  /// animation) names the golden's file and compares it.
  func check(
    named name: String, record: RecordMode?,
    render: (Renderer) throws -> RenderedSnapshot
  ) throws -> SnapshotFailure? {
    let mode =
      try record ?? configuration.record ?? RecordMode.resolve(environment: recordEnvironment)
    let modeFromCode = record != nil || configuration.record != nil
    let renderer = try Renderer(fontSet: .standard(adding: configuration.fonts ?? []))
    let rendered = try render(renderer)
    let path = rendered.kind.fileName(name)
    let artifacts = ArtifactsFolder(directory: artifactsForDirectory)
    // The store set in code, else the one the environment names, as for `verify`.
    let blobs =
      try configuration.goldenStore
      ?? SnapshotConfiguration.goldenStore(environment: ProcessInfo.processInfo.environment)
    let check = GoldenCheck(
      // A folder holding a lock, or given a store, keeps its goldens as lock lines.
      store: blobs != nil || GoldenLock.exists(in: directory)
        ? GoldenStore(
          directory: directory, recordMode: mode, options: configuration.diff,
          lockingIn: blobs)
        : GoldenStore(directory: directory, recordMode: mode, options: configuration.diff),
      artifacts: artifacts,
      recordModeInWords: modeFromCode
        ? mode.description : RecordMode.explained(mode, environment: recordEnvironment),
      compare: configuration.compare ?? .both)
    let golden = try check.store.url(for: path)
    guard SnapshotNames.claim(golden, for: rendered.pixelsHash) else {
      return SnapshotFailure(
        message: "Snapshot '\(name)' was already checked in this run against another image: a "
          + "parameterized test or a loop gives its cases one name. Give each case its own "
          + "(named: \"\(name)-<case>\"); the golden \(golden.path) is untouched.")
    }
    let outcome = try check.checkSettlingFingerprint(rendered, at: path)
    guard !outcome.passed else { return nil }
    let files = outcome.artifacts.map { files in
      [("expected", files.expected), ("actual", files.actual), ("diff", files.diff)].compactMap {
        label, file in file.map { (label, artifacts.url(for: $0)) }
      }
    }
    return SnapshotFailure(
      message: message(
        for: outcome, golden: golden, artifacts: artifacts, modeFromCode: modeFromCode),
      attachments: files ?? [])
  }

  /// The failure message: the outcome's one line naming the golden's file, what differs from
  /// the machine that recorded the goldens, the artifacts, and how to accept the image.
  private func message(
    for outcome: GoldenCheckOutcome, golden: URL, artifacts: ArtifactsFolder, modeFromCode: Bool
  ) -> String {
    var lines = [outcome.summary(naming: golden.path)]
    if !outcome.fingerprintDifferences.isEmpty {
      lines.append(Fingerprint.differencesHeading)
      lines += outcome.fingerprintDifferences.map { "  - \($0)" }
    }
    if let files = outcome.artifacts {
      for (label, file) in [
        ("Actual", files.actual), ("Expected", files.expected),
        ("Diff (expected | difference | actual)", files.diff),
      ] {
        if let file { lines.append("\(label): \(artifacts.url(for: file).path)") }
      }
    }
    if let accepting = outcome.verdict.acceptingMode {
      if modeFromCode {
        // A mode given in code wins over the environment variable.
        lines.append(
          GoldenCheckOutcome.acceptLine(
            "set the record mode in the test to .\(accepting) and run it again"))
      } else {
        let command = "\(RecordMode.environmentVariable)=\(accepting) swift test"
        lines.append(
          GoldenCheckOutcome.acceptLine(command + (testFilter.map { " --filter '\($0)'" } ?? "")))
      }
    }
    return lines.joined(separator: "\n")
  }
}

/// A failed snapshot: the message (its first line the outcome's summary) and the artifact
/// files a test framework can attach (label, file).
struct SnapshotFailure {
  var message: String
  var attachments: [(label: String, file: URL)] = []
}

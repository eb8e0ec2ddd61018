import ExpandablePreview
import Foundation

/// Renders, compares, records and explains one snapshot; the body of `assertSnapshot`.
struct SnapshotVerifier {
  /// Guards the snapshots folders' `fingerprint.json` files.
  private static let fingerprintLock = NSLock()

  let configuration: SnapshotConfiguration
  let testFile: URL
  /// The test's name without arguments (`testBio`, `bio`), for the accept command's filter.
  var testName: String? = nil

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

  /// Returns the failure message, or nil when the snapshot matches.
  func verify(
    _ component: ExpandableText, options: RenderOptions, named name: String, record: RecordMode?
  )
    throws -> String?
  {
    let path = name.hasSuffix(".png") ? name : name + ".png"
    let mode = try record ?? configuration.record ?? RecordMode.resolve()
    let modeInWords =
      record ?? configuration.record == nil ? RecordMode.explained(mode) : mode.description
    let renderer = try Renderer(fontSet: .standard(adding: configuration.fonts ?? []))
    let rendered = try renderer.render(component, options: options)
    let store = GoldenStore(directory: directory, recordMode: mode, options: configuration.diff)
    guard SnapshotNames.claim(try store.url(for: path), for: rendered.image) else {
      return "Snapshot '\(name)' was already checked in this run against another image: a "
        + "parameterized test or a loop gives its cases one name. Give each case its own "
        + "(named: \"\(name)-<case>\"); the golden \(try store.url(for: path).path) is untouched."
    }
    var comparison = try store.check(rendered.image, at: path)
    // Tests run in parallel and share the folder's fingerprint.json.
    let differences = try Self.fingerprintLock.withLock {
      if !comparison.passed {
        comparison = comparison.explained(
          byFonts: try GoldenFontCheck.differences(
            golden: path, recorded: (try? Fingerprint.read(in: directory)) ?? nil,
            usedNow: rendered.fontFiles, available: renderer.pinnedFontFiles))
      }
      return try Fingerprint.settle(
        in: directory, fontFiles: Set(rendered.fontFiles),
        goldenFonts: [path: rendered.fontFiles],
        recordedGoldens: comparison.recorded ? [path] : [], failed: !comparison.passed,
        anyRecorded: comparison.recorded, mode: mode, partial: true)
    }
    guard !comparison.passed else {
      ArtifactsFolder(directory: artifactsForDirectory).removeFiles(of: path)
      return nil
    }

    let golden = try store.url(for: path).path
    let folder = ArtifactsFolder(directory: artifactsForDirectory)
    let files = try folder.write(comparison)
    var lines: [String] = []
    switch comparison.status {
    case .missing:
      lines.append(
        "No golden for '\(name)' at \(golden)"
          + (comparison.recorded
            ? "; recorded it, run again to compare."
            : "; \(RecordMode.notRecordedNote(modeInWords: modeInWords))."))
    case .fontsDiffer:
      lines.append(
        "Snapshot '\(name)' was recorded with other fonts than this machine has, so its pixels "
          + "cannot be compared here (\(comparison.diff?.result.summary ?? "")):")
      lines += comparison.fontDifferences.map { "  - \($0)" }
    case .error:
      lines.append(
        "The golden of '\(name)' cannot be read: \(comparison.problem ?? golden)"
          + (comparison.recorded ? "; recorded a new one, run again to compare." : "."))
    default:
      lines.append(
        "Snapshot '\(name)' does not match \(golden): \(comparison.diff?.result.summary ?? "")")
      if !differences.isEmpty {
        lines.append("The golden was rendered elsewhere:")
        lines += differences.map { "  - \($0)" }
      }
    }
    if let files {
      for (label, file) in [
        ("Actual", files.actual), ("Expected", files.expected),
        ("Diff (expected | difference | actual)", files.diff),
      ] {
        if let file { lines.append("\(label): \(folder.url(for: file).path)") }
      }
    }
    if comparison.recorded {
      if comparison.status != .missing && comparison.status != .error {
        lines.append("The golden was re-recorded (record mode \(modeInWords)).")
      }
    } else {
      let accept = comparison.status == .missing ? "missing" : "failed"
      if record == nil && configuration.record == nil {
        // Only this test: `swift test`'s filter is a regular expression over `Module.Type/test`.
        let filter = testName.map { " --filter '/\($0)\\b'" } ?? ""
        lines.append("To accept: \(RecordMode.environmentVariable)=\(accept) swift test\(filter)")
      } else {
        // A mode given in code wins over the environment variable.
        lines.append("To accept: set the record mode in the test to .\(accept) and run it again")
      }
    }
    return lines.joined(separator: "\n")
  }
}

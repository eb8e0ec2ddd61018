import ExpandablePreview
import Foundation

/// Renders, compares, records and explains one snapshot; the body of `assertSnapshot`.
struct SnapshotVerifier {
  let configuration: SnapshotConfiguration
  let testFile: URL

  /// The golden folder: configured, else `Snapshots/<test file name>/` beside the test file.
  var directory: URL {
    configuration.directory
      ?? testFile.deletingLastPathComponent().appendingPathComponent("Snapshots")
      .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  }

  /// The artifacts folder: configured, else `EXPANDABLE_PREVIEW_ARTIFACTS`, else one in the
  /// temporary directory.
  var artifacts: URL {
    if let folder = configuration.artifacts { return folder }
    if let path = ProcessInfo.processInfo.environment[SnapshotConfiguration.artifactsVariable],
      !path.isEmpty
    {
      return URL(fileURLWithPath: path)
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent(
      "expandable-preview-artifacts")
  }

  /// Returns the failure message, or nil when the snapshot matches.
  func verify(
    _ component: ExpandableText, options: RenderOptions, named name: String, record: RecordMode?
  )
    throws -> String?
  {
    let path = name.hasSuffix(".png") ? name : name + ".png"
    let mode = try record ?? configuration.record ?? RecordMode.resolve()
    let renderer = try configuration.fonts.map { try Renderer(fonts: $0) } ?? Renderer()
    let rendered = try renderer.render(component, options: options)
    let store = GoldenStore(directory: directory, recordMode: mode, options: configuration.diff)
    let comparison = try store.check(rendered.image, at: path)
    let fingerprint = try Fingerprint.current(fontFiles: rendered.fontFiles)
    let recorded = try FingerprintFile.read(in: directory)
    if comparison.recorded {
      try FingerprintFile.record(fingerprint, in: directory, replacing: true)
    } else if comparison.passed && mode != .never {
      // A matching golden was rendered like this: fill in fonts the file does not name yet.
      try FingerprintFile.record(fingerprint, in: directory, replacing: false)
    }
    guard !comparison.passed else { return nil }

    let golden = try store.url(for: path).path
    let files = try ArtifactsFolder(directory: artifacts).write(comparison)
    var lines: [String] = []
    switch comparison.status {
    case .missing:
      lines.append(
        "No golden for '\(name)' at \(golden)"
          + (comparison.recorded
            ? "; recorded it, run again to compare." : " (record mode \(mode))."))
    default:
      lines.append(
        "Snapshot '\(name)' does not match \(golden): \(comparison.diff?.result.summary ?? "")")
      if let recorded {
        let differences = fingerprint.differences(from: recorded, onlyFontsUsed: true)
        if !differences.isEmpty {
          lines.append("The golden was rendered elsewhere:")
          lines += differences.map { "  - \($0)" }
        }
      }
    }
    let folder = ArtifactsFolder(directory: artifacts)
    if let files {
      for (label, file) in [
        ("Actual", files.actual), ("Expected", files.expected),
        ("Diff (expected | difference | actual)", files.diff),
      ] {
        if let file { lines.append("\(label): \(folder.url(for: file).path)") }
      }
    }
    if comparison.recorded {
      if comparison.status != .missing {
        lines.append("The golden was re-recorded (record mode \(mode)).")
      }
    } else {
      let accept = comparison.status == .missing ? "missing" : "failed"
      lines.append("To accept: \(RecordMode.environmentVariable)=\(accept) swift test")
    }
    return lines.joined(separator: "\n")
  }
}

/// The snapshots folder's fingerprint, updated under a lock because tests run in parallel.
enum FingerprintFile {
  private static let lock = NSLock()

  static func read(in folder: URL) throws -> Fingerprint? {
    try lock.withLock { try Fingerprint.read(in: folder) }
  }

  /// Adds `fingerprint` to the folder's file. When `replacing`, its libraries and fonts win
  /// (goldens were just recorded with them); otherwise only fonts the file does not name yet
  /// are added. The file is not rewritten when nothing changes.
  static func record(_ fingerprint: Fingerprint, in folder: URL, replacing: Bool) throws {
    try lock.withLock {
      guard let old = try Fingerprint.read(in: folder) else {
        return try fingerprint.write(in: folder)
      }
      try (replacing ? fingerprint.merging(old) : old.merging(fingerprint)).write(in: folder)
    }
  }
}

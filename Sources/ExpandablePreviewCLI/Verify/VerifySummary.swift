import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import Foundation

/// What a `verify` run found, for the console and for `--json`.
struct VerifySummary: JSONSummary {
  var manifest: String
  var snapshots: String
  var recordMode: String
  var shard: String?
  /// Images planned (orphans not included), each checked or an error.
  var images: Int
  /// How many images and orphans have each status (`match`, `mismatch`, …).
  var counts: [String: Int]
  /// Goldens written by this run.
  var recorded: [String]
  /// Goldens no item renders any more.
  var orphans: [String]
  var pruned: Bool
  /// The failing images (status `error` for one that could not be checked): path, status and
  /// one line.
  var failures: [Failure]
  /// The failing images a reviewer rejected in the workbench (their notes are on `failures`).
  var rejected: [String]
  /// What differs from the machine that recorded the goldens; listed only when images fail.
  var fingerprintDifferences: [String]
  var report: String
  var acceptCommand: String?
  /// The compare mode (pixels, layout or both).
  var compare: String
  /// Goldens without a layout record, compared by their pixels only.
  var layoutRecordsMissing: Int
  /// Why each damaged layout record was not used (its golden compared by pixels only).
  var layoutRecordProblems: [String]
  var seconds: Double
  /// Images rendered; passed unchanged by the key record (`--changed`); passed on the shared
  /// cache's word.
  var rendered: Int
  var unchanged: Int
  var fromCache: Int

  struct Failure: Encodable {
    var path: String
    var status: GoldenVerdict.Status
    var summary: String
    var diff: String?
    /// "rejected by reviewer: NOTE" when a reviewer rejected it in the workbench.
    var rejection: String?
  }

  /// No image failed and every one could be checked (orphans do not fail); exit status 0.
  var passed: Bool
  var exitCode: Int32 { passed ? 0 : 1 }

  init(command: VerifyCommand, outcome: VerifyOutcome, seconds: Double) {
    let report = outcome.report
    manifest = command.manifestPath
    snapshots = command.snapshots
    recordMode = outcome.recordMode.description
    shard = command.batch.shard?.description
    images = outcome.images
    counts = report.counts
    // A run short-cut builds no entries: every image passed unchanged, as the last run's did.
    if outcome.nothingChanged { counts[GoldenVerdict.Status.match.rawValue] = outcome.images }
    recorded = outcome.recorded
    orphans = outcome.orphans
    pruned = outcome.pruned
    let artifacts = outcome.artifacts
    failures = report.failures.map {
      Failure(
        path: $0.path, status: $0.status, summary: $0.summary,
        diff: ($0.artifacts?.diff ?? $0.artifacts?.actual).flatMap { artifacts?.url(for: $0).path },
        rejection: $0.rejection)
    }
    rejected = failures.filter { $0.rejection != nil }.map(\.path)
    fingerprintDifferences = report.fingerprintDifferences
    self.report = outcome.reportFile?.path ?? ""
    acceptCommand = outcome.acceptEverything
    self.seconds = seconds
    rendered = outcome.rendered
    unchanged = outcome.unchanged
    fromCache = outcome.fromCache
    compare = command.compare.description
    layoutRecordsMissing = outcome.layoutRecordsMissing
    layoutRecordProblems = outcome.layoutRecordProblems
    passed = outcome.passed
  }

  /// The lines for standard error: what differs between the machines first, then each
  /// failing image with its files. `quiet` (no summary on standard output): the goldens this
  /// run recorded are said in one line, not one each (a first recording writes thousands).
  func problemText(quiet: Bool = false) -> String? {
    var lines: [String] = []
    if !fingerprintDifferences.isEmpty {
      lines.append(Fingerprint.differencesHeading)
      lines += fingerprintDifferences.map { "  - \($0)" }
    }
    let written = quiet ? Set(recorded) : []
    if !written.isEmpty { lines.append(recordedLine) }
    for failure in failures where !written.contains(failure.path) {
      lines.append("\(failure.status.rawValue): \(failure.summary)")
      if let rejection = failure.rejection { lines.append("  \(rejection)") }
      if let diff = failure.diff { lines.append("  see \(diff)") }
    }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  private var recordedLine: String {
    "Recorded \(recorded.count) golden(s) (record mode \(recordMode)); look at them, then run again."
  }

  /// The summary for standard output.
  var text: String {
    func count(_ status: GoldenVerdict.Status) -> Int { counts[status.rawValue] ?? 0 }
    var lines: [String] = []
    if !orphans.isEmpty {
      lines.append(
        "\(orphans.count) orphan golden(s), rendered by no item any more"
          + (pruned ? ", deleted:" : " (delete them with --prune):"))
      lines += orphans.map { "  \($0)" }
    }
    var line =
      "Verified \(images) images against \(snapshots) in \(String(format: "%.2f", seconds)) s: "
      + "\(count(.match)) match, \(count(.mismatch)) mismatch, \(count(.sizeChanged)) size changed, "
      + "\(count(.missing)) missing, "
      // Said only when it happens: the usual line stays short.
      + (count(.fontsDiffer) > 0 ? "\(count(.fontsDiffer)) fonts differ, " : "")
      + "\(count(.error)) error"
    if let shard { line += " (shard \(shard))" }
    lines.append(line + ".")
    // As `render` says it, when goldens passed without a render.
    if unchanged + fromCache > 0 {
      lines.append(
        "Rendered \(rendered) of \(images) images"
          + (unchanged > 0 ? " (\(unchanged) unchanged)" : "")
          + (fromCache > 0 ? " (\(fromCache) from the cache)" : "") + ".")
    }
    if !recorded.isEmpty { lines.append(recordedLine) }
    if layoutRecordsMissing > 0 {
      lines.append(
        "\(layoutRecordsMissing) golden(s) have no layout record, so only their pixels were "
          + "compared; --record failed adds the records.")
    }
    for problem in layoutRecordProblems {
      lines.append("Layout record not used (pixels compared only): \(problem)")
    }
    if !rejected.isEmpty {
      let shown = rejected.prefix(5).joined(separator: ", ")
      let more = rejected.count > 5 ? " and \(rejected.count - 5) more" : ""
      lines.append(
        "\(rejected.count) failing image\(rejected.count == 1 ? " was" : "s were") rejected by a "
          + "reviewer: \(shown)\(more) (the notes are above and in the report).")
    }
    lines.append("Report: \(report)")
    if let acceptCommand { lines.append("To accept every failing image: \(acceptCommand)") }
    return lines.joined(separator: "\n")
  }
}

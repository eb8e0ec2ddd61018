import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// The merged report of verify blobs, written into `--artifacts` as `verify` writes its own.
struct MergedVerifyReport {
  var merge: ReportBlobMerge
  var command: MergeReportsCommand

  struct Summary: JSONSummary {
    var kind = "verify"
    var shards: Int
    var images: Int
    var counts: [String: Int]
    var passed: Bool
    var failures: [VerifySummary.Failure]
    var report: String
    var acceptCommand: String?
  }

  func write() throws -> Int32 {
    guard case (var report, let acceptItems, let lead)? = merge.verifyReport else { return 2 }
    guard let compare = CompareMode(rawValue: lead.accept.compare) else {
      standardError(
        "error: \(merge.blobs[0].name): is damaged: the compare mode '\(lead.accept.compare)' is "
          + "not one of \(OptionValue.list(CompareMode.allCases.map(\.rawValue)))")
      return 2
    }
    let given = command.artifacts ?? VerifyCommand.defaultArtifacts
    let accept = AcceptCommand(
      lead.accept, compare: compare,
      artifacts: given == VerifyCommand.defaultArtifacts ? nil : given)
    // Each image's command as the unsharded run would write it: the same words, this folder.
    for (index, item) in acceptItems.enumerated() {
      report.entries[index].acceptCommand = item.map(accept.command(for:))
    }
    let artifacts = ArtifactsFolder(directory: RunDirectory.url(given))
    do {
      try artifacts.prepare()
    } catch {
      standardError("error: --artifacts \(given): \(error.message)")
      return 2
    }
    do {
      try MergeReportsCommand.copyAttachments(of: merge, into: artifacts.directory)
    } catch {
      standardError("error: \(error)")
      return 2
    }
    // The rejections a reviewer left in this folder, as verify shows them in its own.
    let marked = ReviewRejectionsMarking.apply(to: report, in: artifacts.directory)
    for problem in marked.problems { standardError("error: \(problem)") }
    report = marked.report
    try report.write(in: artifacts.directory, title: lead.title)

    let failures = report.failures.map {
      VerifySummary.Failure(
        path: $0.path, status: $0.status, summary: $0.summary,
        diff: ($0.artifacts?.diff ?? $0.artifacts?.actual).map { artifacts.url(for: $0).path })
    }
    var problems: [String] = []
    if !report.fingerprintDifferences.isEmpty {
      problems.append(Fingerprint.differencesHeading)
      problems += report.fingerprintDifferences.map { "  - \($0)" }
    }
    for failure in failures {
      problems.append("\(failure.status.rawValue): \(failure.summary)")
      if let diff = failure.diff { problems.append("  see \(diff)") }
    }
    if !problems.isEmpty { standardError(problems.joined(separator: "\n")) }
    let images = report.entries.count - report.count(.orphan)
    let everything =
      report.failures.contains { $0.acceptCommand != nil } ? accept.everything : nil
    func count(_ status: GoldenVerdict.Status) -> Int { report.count(status) }
    var lines = [
      "Merged \(merge.blobs.count) verify blob(s), shards 1-\(merge.shardCount) of "
        + "\(merge.shardCount): \(images) images, \(count(.match)) match, "
        + "\(count(.mismatch)) mismatch, \(count(.sizeChanged)) size changed, "
        + "\(count(.missing)) missing, "
        + (count(.fontsDiffer) > 0 ? "\(count(.fontsDiffer)) fonts differ, " : "")
        + "\(count(.error)) error, \(count(.orphan)) orphan.",
      "Report: \(artifacts.url(for: VerificationReport.htmlFileName).path)",
    ]
    if let everything { lines.append("To accept every failing image: \(everything)") }
    try command.printSummary(
      text: lines.joined(separator: "\n"),
      json: Summary(
        shards: merge.shardCount, images: images, counts: report.counts, passed: report.passed,
        failures: failures, report: artifacts.url(for: VerificationReport.htmlFileName).path,
        acceptCommand: everything))
    // As verify exits: 1 when any image failed, also in a shard's upkeep.
    return report.passed ? 0 : 1
  }
}

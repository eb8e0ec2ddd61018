import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview verify MANIFEST --snapshots DIR …`: renders a manifest like `render` and
/// compares every image with the golden at the same relative path.
struct VerifyCommand: ManifestCommand {
  /// The manifest: the one operand.
  var manifestPath = ""
  /// `--snapshots`: required, so never the empty start once parsed.
  var snapshots = ""
  var artifacts = VerifyCommand.defaultArtifacts
  /// `--record` as given; nil: the environment decides (``RecordMode/resolve(flag:environment:)``).
  var record: String?
  /// Resolved by `validate` from `--record` and the environment.
  var recordMode = RecordMode.missing
  /// The mode as messages name it: with the reason when the CI rule chose it.
  var recordModeInWords = ""
  var diff = DiffOptions()
  var prune = false
  /// What decides a pass: pixels, the layout record, or both.
  var compare = CompareMode.both
  /// `--changed`: skip goldens whose recorded key and file are unchanged.
  var changedOnly = false
  var batch = BatchOptions()
  /// `--cache`: the shared cache, or nil; resolved by `validate`.
  var cache: RemoteCache?
  /// `--golden-store` as given; nil: the environment's, if any.
  var goldenStore: String?
  /// Where locked goldens' bytes are, or nil; resolved by `validate`.
  var goldenBlobs: (any GoldenBlobStore)?

  init() {}

  init(
    arguments: inout ArgumentReader,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) {
    try self.init(parsing: &arguments, environment: environment)
  }

  /// The engine's run this command line asks for.
  var request: VerifyRequest {
    var request = VerifyRequest(
      manifest: manifestPath, snapshots: snapshots, artifacts: artifacts, recordMode: recordMode,
      workers: batch.jobs)
    request.options.directory = RunDirectory.current
    request.recordModeInWords = recordModeInWords
    request.diff = diff
    request.compare = compare
    request.prune = prune
    request.changedOnly = changedOnly
    request.only = batch.only
    request.shard = batch.shard?.description
    request.maxRenders = batch.maxRenders
    request.strict = batch.strict
    request.systemFonts = batch.systemFonts
    request.goldenStore = goldenBlobs
    request.resolvedCache = .some(cache)
    request.writesElsewhere = batch.reportBlob != nil
    request.caller = .commandLine(
      program: AcceptCommand.runningProgram,
      artifactsShown: artifacts == Self.defaultArtifacts ? nil : artifacts,
      goldenStoreShown: goldenStore)
    return request
  }

  func run() throws -> Int32 {
    Interruption.install()
    if batch.refusesReportBlob() { return 2 }
    let reporter = ProgressReporter(total: 0, style: batch.progressStyle, verb: "Verifying")
    let outcome: VerifyOutcome
    do {
      outcome = try request.run(observer: reporter)
    } catch {
      return error.printedExitStatus()
    }
    reporter.end()
    if let signal = outcome.stoppedBySignal {
      standardError(
        "error: stopped by \(Interruption.name(of: signal)); no orphans pruned, no reports written")
      return Interruption.exitCode(for: signal)
    }
    let blobWritten = batch.leaveReportBlob { folder throws(ReportBlobError) in
      // Only a short-cut run has no plan, and a run that leaves a blob is never short-cut.
      guard let plan = outcome.plan else { return }
      try writeReportBlob(
        to: folder, plan: plan, entries: outcome.imageEntries, report: outcome.report,
        accept: outcome.accept, artifacts: outcome.artifacts!, title: outcome.title)
    }
    let summary = VerifySummary(command: self, outcome: outcome, seconds: reporter.elapsedSeconds)
    if let problems = summary.problemText(quiet: batch.quiet || batch.json) {
      standardError(problems)
    }
    if outcome.snapshotsCreated {
      standardError(
        "note: --snapshots \(snapshots) did not exist and was created; check the path if you "
          + "meant an existing folder")
    }
    if batch.json {
      Console.print(try summary.jsonText())
    } else if !batch.quiet {
      // Orphan names come from the disk: shown, never sent to the terminal raw.
      Console.print(VisibleText.of(summary.text))
    }
    return blobWritten ? summary.exitCode : 2
  }
}

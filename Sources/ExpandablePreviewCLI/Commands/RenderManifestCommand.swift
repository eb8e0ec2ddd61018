import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview render MANIFEST --out DIR [--jobs N] [--only NAME…] [--shard K/N]
/// [--quiet | --json]`: every item, variant and state of a manifest.
struct RenderManifestCommand: ManifestCommand {
  /// The manifest: the one operand.
  var manifestPath = ""
  /// `--out`: required, so never the empty start once parsed.
  var output = ""
  var batch = BatchOptions()
  /// `--format`, replacing the manifest's formats when given.
  var formats: [OutputFormat] = []
  var force = false
  var prune = false
  /// `--cache`: the shared cache, or nil; resolved by `validate` from the options and the
  /// environment.
  var cache: RemoteCache?

  init() {}

  init(
    arguments: inout ArgumentReader,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) {
    try self.init(parsing: &arguments, environment: environment)
  }

  /// The engine's run this command line asks for.
  var request: RenderRequest {
    var request = RenderRequest(manifest: manifestPath, output: output, workers: batch.jobs)
    request.options.directory = RunDirectory.current
    request.formats = formats
    request.force = force
    request.prune = prune
    request.only = batch.only
    request.shard = batch.shard?.description
    request.maxRenders = batch.maxRenders
    request.strict = batch.strict
    request.systemFonts = batch.systemFonts
    request.resolvedCache = .some(cache)
    request.writesElsewhere = batch.reportBlob != nil
    request.caller = .commandLine(program: AcceptCommand.runningProgram, artifactsShown: nil)
    return request
  }

  func run() throws -> Int32 {
    Interruption.install()
    let start = ContinuousClock.now
    if batch.refusesReportBlob() { return 2 }
    let reporter = ProgressReporter(total: 0, style: batch.progressStyle)
    let request = request
    let outcome: RenderOutcome
    do {
      outcome = try request.run(observer: reporter)
    } catch {
      return error.printedExitStatus()
    }
    reporter.end()
    if let signal = outcome.stoppedBySignal {
      standardError(
        "error: stopped by \(Interruption.name(of: signal)) after \(outcome.rendered) of "
          + "\(outcome.files) files; every file written is complete")
      return Interruption.exitCode(for: signal)
    }
    var blobWritten = true
    if let batchOutcome = outcome.batch, let plan = outcome.plan {
      blobWritten = batch.leaveReportBlob { folder throws(ReportBlobError) in
        try writeReportBlob(
          to: folder, plan: plan, outcome: batchOutcome, otherFailures: outcome.reportFailures,
          title: request.title, machineDependent: outcome.machineDependent,
          outputFolder: outcome.outputFolder)
      }
    }
    var failedItems: [String] = []
    for failure in outcome.failed where !failure.item.isEmpty && !failedItems.contains(failure.item)
    {
      failedItems.append(failure.item)
    }
    let summary = BatchSummary(
      manifest: manifestPath, out: output,
      shard: outcome.nothingChanged ? nil : batch.shard?.description,
      jobs: batch.jobs, items: outcome.items, files: outcome.files, rendered: outcome.rendered,
      unchanged: outcome.unchanged, fromCache: outcome.fromCache,
      filesOfRemovedItems: outcome.filesOfRemovedItems,
      pruned: prune, failedItems: failedItems, failures: outcome.failed,
      gallery: outcome.gallery?.path,
      seconds: outcome.nothingChanged
        ? (ContinuousClock.now - start).seconds : reporter.elapsedSeconds)
    printSummary(summary)
    return blobWritten ? summary.exitCode : 2
  }

  private func printSummary(_ summary: BatchSummary) {
    if batch.json {
      Console.print((try? summary.jsonText()) ?? "")
    } else if !batch.quiet {
      Console.print(VisibleText.of(summary.text))
    }
  }
}

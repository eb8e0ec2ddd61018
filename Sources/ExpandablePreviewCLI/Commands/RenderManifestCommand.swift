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

  func run() throws -> Int32 {
    Interruption.install()
    let start = ContinuousClock.now
    let outputFolder = RunDirectory.url(output, isDirectory: true)
    let shortcut = NoOpShortcut(
      manifestPath: manifestPath, outputFolder: outputFolder, options: noOpOptions,
      checks: !force)
    if let record = shortcut.current { return printNoOp(record, since: start) }
    let errorWrites = Console.streams.errorWrites.value
    guard
      let (manifest, plan, fonts) = try batch.loadPlan(
        manifestPath: manifestPath, bytes: shortcut.manifestBytes,
        formats: formats.isEmpty ? nil : formats, recordFolder: outputFolder, cache: cache)
    else { return 2 }
    let reporter = ProgressReporter(total: plan.jobs.count, style: batch.progressStyle)
    if let problem = OutputFolder.problem(outputFolder.path, name: output) {
      standardError("error: --out: \(problem)")
      return 2
    }
    if batch.refusesReportBlob() { return 2 }
    let run = BatchRun(
      plan: plan, outputFolder: outputFolder, workers: batch.jobs, fontSet: manifest.fontSet,
      reporter: reporter, strict: batch.strict,
      keyFiles: KeyContext.Files(for: manifest.fontSet), inputsRead: fonts.inputs, force: force,
      prune: prune, cache: cache, knownStamps: shortcut.knownStamps)
    let title = "ExpandablePreview: \(URL(fileURLWithPath: manifestPath).lastPathComponent)"
    let outcome = run.run(title: title)
    reporter.end()
    BatchOptions.printWarnings(of: cache)
    var fontCheckFailure: BatchSummary.Failure? = nil
    if outcome.interruption == nil {
      do {
        try fonts.save(manifestItems: manifest.items)
      } catch {
        fontCheckFailure = .init(
          item: "", file: FontCheckRecord.fileName, error: JobFailure(error))
      }
    }
    if let signal = outcome.interruption {
      standardError(
        "error: stopped by \(Interruption.name(of: signal)) after \(outcome.rendered) of "
          + "\(outcome.fileCount) files; every file written is complete")
      return Interruption.exitCode(for: signal)
    }

    if let unusable = outcome.unusableRecord {
      standardError("warning: \(output): \(unusable)")
    }
    for still in outcome.stillAnimations {
      standardError("warning: \(manifestPath): item '\(still.item)': \(still.reason)")
    }
    let reportFailures = outcome.reportFailures + (fontCheckFailure.map { [$0] } ?? [])
    for failure in reportFailures {
      standardError(
        "error: \(failure.item.isEmpty ? "" : failure.item + "/")\(failure.file): \(failure.error)")
    }
    let blobWritten = batch.leaveReportBlob { folder throws(ReportBlobError) in
      try writeReportBlob(
        to: folder, plan: plan, outcome: outcome, otherFailures: reportFailures, title: title,
        machineDependent: manifest.fontSet.isMachineDependent, outputFolder: outputFolder)
    }
    let failures = outcome.renderFailures + reportFailures
    var failedItems: [String] = []
    for failure in failures where !failure.item.isEmpty && !failedItems.contains(failure.item) {
      failedItems.append(failure.item)
    }
    let summary = BatchSummary(
      manifest: manifestPath, out: output, shard: batch.shard?.description, jobs: batch.jobs,
      items: plan.renderedItems.count, files: outcome.fileCount, rendered: outcome.rendered,
      unchanged: outcome.unchanged, fromCache: outcome.fromCache,
      filesOfRemovedItems: outcome.filesOfRemovedItems,
      pruned: prune, failedItems: failedItems, failures: failures,
      gallery: outcome.galleryWritten
        ? outputFolder.appendingPathComponent("index.html").path : nil,
      seconds: reporter.elapsedSeconds)
    if let stamps = outcome.stamps, fontCheckFailure == nil, summary.exitCode == 0,
      Console.streams.errorWrites.value == errorWrites
    {
      var inputs = stamps.inputs.merging(manifest.textFiles.mapValues { Optional($0) }) { $1 }
      var outputs = stamps.outputs
      // The font check's record decides what a run says (the problems it keeps are printed
      // again), so an edit of it, or its appearance, must end the short-cut too.
      let fontCheck = FontCheckRecord.fileName
      if let stamp = (try? FolderHandle(path: outputFolder.path))?.stamp(ofFile: fontCheck) {
        outputs[fontCheck] = stamp
      } else {
        inputs.updateValue(nil, forKey: outputFolder.appendingPathComponent(fontCheck).path)
      }
      shortcut.record(
        NoOpShortcut.Run(
          items: summary.items, files: summary.files, gallery: outcome.galleryWritten,
          removed: prune ? [] : outcome.filesOfRemovedItems, inputs: inputs, outputs: outputs))
    }
    printSummary(summary)
    return blobWritten ? summary.exitCode : 2
  }

  /// The options that decide the files `render` leaves, for the no-op record's digest; nil
  /// when a run may not be short-cut: `--cache` (the cache is told what runs),
  /// `--report-blob` (written elsewhere), `--only` and `--shard` (part of the folder, the
  /// gallery shows the rest), `--system-fonts` (no stamp covers the machine's fonts).
  var noOpOptions: [String]? {
    guard cache == nil, batch.reportBlob == nil, batch.only == nil, batch.shard == nil,
      !batch.systemFonts
    else { return nil }
    return [
      "manifest=" + RunDirectory.path(manifestPath),
      "formats=" + formats.map(\.rawValue).joined(separator: ","),
      "strict=\(batch.strict)", "max-renders=\(batch.maxRenders)", "prune=\(prune)",
    ]
  }

  /// The summary of a run with nothing to do, as the record of the run before says it.
  private func printNoOp(_ record: NoOpRecord, since start: ContinuousClock.Instant) -> Int32 {
    let outputFolder = RunDirectory.url(output, isDirectory: true)
    printSummary(
      BatchSummary(
        manifest: manifestPath, out: output, jobs: batch.jobs, items: record.items,
        files: record.files, rendered: 0, unchanged: record.files,
        filesOfRemovedItems: record.removed, pruned: prune, failedItems: [], failures: [],
        gallery: record.gallery ? outputFolder.appendingPathComponent("index.html").path : nil,
        seconds: (ContinuousClock.now - start).seconds))
    return 0
  }

  private func printSummary(_ summary: BatchSummary) {
    if batch.json {
      Console.print((try? summary.jsonText()) ?? "")
    } else if !batch.quiet {
      Console.print(VisibleText.of(summary.text))
    }
  }
}

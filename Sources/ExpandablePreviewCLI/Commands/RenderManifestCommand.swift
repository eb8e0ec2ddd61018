import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview render MANIFEST --out DIR [--jobs N] [--only NAME…] [--shard K/N]
/// [--quiet | --json]`: every item, variant and state of a manifest.
struct RenderManifestCommand {
  /// How `render MANIFEST` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable, operands: "MANIFEST", required: ["--out"], alternatives: [["--quiet", "--json"]],
    overview: """
      Render every item, variant and state of a JSON manifest into DIR, in parallel,
      with DIR/<name>/layout.json per item and a gallery DIR/index.html.
      """,
    details: """
      Renders every item of a JSON manifest in every variant and state, in parallel.

      ARGUMENTS:
        MANIFEST                 The manifest (JSON). 'textFile' paths are relative to its folder.

      OPTIONS:
      \(optionTable.helpRows)

      OUTPUT FILES:
        DIR/<name>/<state>[-<value>…]@<scale>x.png
        DIR/<name>/<state>[-<value>…].svg / .pdf (with --format)
        DIR/<name>/layout.json
        DIR/index.html (gallery; open it from disk)
        DIR/.expandable-preview-render.json (each job's key and file hashes; see --force)
        DIR/.expandable-preview-font-check.json (each item's font check, reused while its key
        matches)
        DIR/.expandable-preview-no-op (the manifest's digest and every input's and output's
        stamp: a run with nothing changed prints the summary after checking them and ends)

      OUTPUT NAMES:
        <state> is collapsed or expanded, or expanding or collapsing for an animated PNG (items
        with an "animation"). A -<value> appears for each variant axis with more than
        one value, in the order appearance, dynamicType, legibilityWeight, colorSchemeContrast,
        device (spaces as hyphens), width (w<points>); for example
        collapsed-dark-accessibility3-w375@3x.png. Without variants: collapsed@2x.png.

      MANIFEST:
        {"defaults": {…}, "variants": {…}, "fonts": […], "items": [{"name": …, "text": …}, …]}
        "fonts" (optional): font files or folders, relative to the manifest, added to the pinned
        standard set (a private fontconfig configuration; no system font leaks in); or "system"
        for this machine's fonts (output then depends on the machine).
        Item and defaults keys (defaults in parentheses):
          text / textFile        The text, or a UTF-8 file with it (items only; one of them).
          name                   Folder name of the item (items only; no '/', '\\', '..', leading
                                 dot or control characters; unique ignoring case).
      \(ComponentSettings.keyHelp)
          variants               Items only: per-axis values replacing the manifest's
        "variants" axes: appearance, dynamicType, legibilityWeight, colorSchemeContrast, device,
        width, scale; each a non-empty array. Every item
        renders every combination. Unknown keys are errors.

      EXIT STATUS:
        0 every file was rendered; 1 some items failed (each is named with the reason; a full
        disk fails the files it hits and says so); 2 the manifest or the command line is invalid,
        or the output folder cannot be created or written; 130 / 143 stopped by SIGINT / SIGTERM (only
        complete files are left; no reports are written; a second signal ends at once and may
        leave a hidden .NAME.PID.N.tmp file beside the file being written).
      """)

  /// `render MANIFEST --help`.
  static var help: String { form.help }

  /// The command line as read, before the checks that need all of it.
  struct Arguments: ManifestArguments {
    var manifestPath: String?
    var output: String?
    var formats: [OutputFormat] = []
    var force = false
    var prune = false
    var batch = BatchOptions()
  }

  static let optionTable = OptionTable<Arguments>(
    command: "render",
    options: [
      .text(
        "--out", "DIR", \.output, completion: .directory,
        help: "Output folder (created if missing); see OUTPUT FILES."),
      FormatOption.option(
        \.formats,
        help: "the files to write; repeat for several. SVG and PDF are sized in points and have "
          + "no scale, so a scale axis writes them once.",
        defaultValue: "the manifest's \"formats\", else png"),
      .flag(
        "--force", \.force,
        help: "Render every file, even those whose job is unchanged (by default a job whose key "
          + "and files match the folder's record, .expandable-preview-render.json, is skipped) "
          + "or in the --cache (which still gets what is rendered)."),
      .flag(
        "--prune", \.prune,
        help: "Remove the recorded files of items no longer in the manifest (by default they are "
          + "listed)."),
    ] + BatchOptions.options.map { $0.lifted(\.batch) })

  var manifestPath: String
  var output: String
  var batch: BatchOptions
  /// `--format`, replacing the manifest's formats when given.
  var formats: [OutputFormat]
  var force: Bool
  var prune: Bool
  /// `--cache`: the shared cache, or nil.
  var cache: RemoteCache?

  init(
    arguments: inout ArgumentReader,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) {
    let parsed = try Self.optionTable.parseManifestCommand(&arguments)
    batch = parsed.batch
    guard let manifestPath = parsed.manifestPath else {
      throw UsageError("render needs a MANIFEST or --text" + batch.missingManifestHint)
    }
    guard let output = parsed.output else { throw UsageError("render MANIFEST needs --out DIR") }
    try batch.validate()
    cache = try batch.remoteCache(environment: environment)
    self.manifestPath = manifestPath
    self.output = output
    formats = parsed.formats
    force = parsed.force
    prune = parsed.prune
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

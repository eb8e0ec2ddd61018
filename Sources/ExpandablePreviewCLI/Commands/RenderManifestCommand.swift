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

  /// The engine's run this command line asks for.
  var request: RenderRequest {
    var request = RenderRequest(manifest: manifestPath, output: output, workers: batch.jobs)
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
      for line in error.lines { standardError("error: " + line) }
      return error.isRunFailure ? 1 : 2
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

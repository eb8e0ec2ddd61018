import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview verify MANIFEST --snapshots DIR …`: renders a manifest like `render` and
/// compares every image with the golden at the same relative path.
struct VerifyCommand {
  /// How `verify` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable, operands: "MANIFEST", required: ["--snapshots"],
    alternatives: [["--quiet", "--json"]],
    overview: """
      Render a manifest and compare every image with its golden in DIR; write
      goldens in a record mode; report failures in report.html/report.json/junit.xml.
      """,
    details: """
      Renders every item, variant and state of a manifest (as 'render' does) and compares each image
      with the golden at the same path under DIR: DIR/<name>/<state>[-<value>…]@<scale>x.png.

      OPTIONS:
      \(optionTable.helpRows)

      RECORD MODES:
        missing: write goldens that do not exist yet (the run still fails for them, so you look
          at them before committing); failed: also rewrite goldens that do not match or cannot be
          read; all: rewrite every golden whose pixels changed at all, and unreadable ones;
          never: write nothing. Default: $EXPANDABLE_PREVIEW_RECORD, else missing, but never when
          the CI environment variable is set (not empty, 0 or false).

      ARTIFACTS:
        actual/, expected/, diff/ (expected | difference | actual) per failing image; report.html,
        report.json, junit.xml. A new or empty folder is marked as the tool's (a file
        .expandable-preview-artifacts); each run empties a marked folder of those names only; a
        non-empty unmarked folder is refused. With --shard, only shard 1 lists orphans.
        .expandable-preview-font-check.json keeps the font check's results and the font files'
        hashes for the next run.

      EXIT STATUS:
        0 every image matches its golden; 1 some image does not match, has no golden, changed size
        or could not be rendered or checked (status error, with the reason, in every report); 2 the
        manifest or the command line is invalid, or --artifacts cannot be created or is a folder
        of other files.
      """)

  /// `verify --help`.
  static var help: String { form.help }

  /// The command line as read, before the checks that need all of it.
  struct Arguments: ManifestArguments {
    var manifestPath: String?
    var snapshots: String?
    var artifacts = VerifyCommand.defaultArtifacts
    var record: String?
    var prune = false
    var compare: String?
    var changed = false
    var diff = DiffOptions()
    var batch = BatchOptions()
  }

  static let defaultArtifacts = "verify-artifacts"

  /// The values the command starts with: the options' documented defaults.
  private static let initialDiff = DiffOptions()

  static let optionTable = OptionTable<Arguments>(
    command: "verify",
    options: [
      .text(
        "--snapshots", "DIR", \.snapshots, completion: .directory,
        help: "The goldens (a 'render --out' folder without index.html and layout.json), with "
          + "DIR/fingerprint.json."),
      CommandOption(
        name: "--record",
        value: OptionValue(placeholder: "MODE", completion: .choices(RecordMode.names)),
        help: "\(OptionValue.list(RecordMode.names)): see RECORD MODES.",
        defaultValue: "missing; never on CI",
        read: { parsed, arguments, flag throws(UsageError) in
          parsed.record = try arguments.value(for: flag)
        }),
      .value(
        "--artifacts", "DIR", \.artifacts, expected: "a folder", completion: .directory,
        help: "Where failures and reports go (see ARTIFACTS).", defaultValue: defaultArtifacts,
        convert: { $0 }),
      .value(
        "--threshold", "T", \.diff.threshold, expected: "a number from 0 to 1",
        help: "Color distance (YIQ, 0-1) at which pixels differ.",
        defaultValue: FileName.number(initialDiff.threshold), convert: { Double($0) }),
      .value(
        "--max-diff-pixels", "N", \.diff.maxDiffPixels, expected: "a whole number ≥ 0",
        help: "Differing pixels an image may have and still match.",
        defaultValue: "\(initialDiff.maxDiffPixels)", convert: { Int($0) }),
      .value(
        "--max-diff-ratio", "R", \.diff.maxDiffRatio, expected: "a number from 0 to 1",
        help: "Share of pixels (0-1) that may differ.",
        defaultValue: FileName.number(initialDiff.maxDiffRatio), convert: { Double($0) }),
      CommandOption(
        name: "--compare",
        value: OptionValue(
          placeholder: "MODE", completion: .choices(CompareMode.allCases.map(\.rawValue))),
        help: "both: the pixels decide and each golden's layout record (NAME.layout.json) says "
          + "what changed; pixels: the pixels alone; layout: the record decides, so an image "
          + "whose layout equals its golden's record passes even if its pixels differ (another "
          + "FreeType, Cairo or OS with the same font files; colors are not in the record). A "
          + "golden without a record is compared by pixels.",
        defaultValue: "both",
        read: { parsed, arguments, flag throws(UsageError) in
          parsed.compare = try arguments.value(for: flag)
        }),
      .flag(
        "--prune", \.prune,
        help: "Delete orphan goldens and their layout records (named as the tool names goldens, "
          + "outside hidden folders, and no item renders them); needs a record mode other than never and a folder the "
          + "tool recorded (with its fingerprint.json): another non-empty folder, or /, is "
          + "refused."),
      .flag(
        "--changed", \.changed,
        help: "Report a golden whose job key (with the diff options) and file are those "
          + "recorded in .expandable-preview-golden-keys.json as \"unchanged (key)\" without "
          + "rendering it; check the rest. Keys are recorded, in a record mode other than never, "
          + "for goldens that match or are written. Run the full check nightly."),
    ] + BatchOptions.options.map { $0.lifted(\.batch) })

  var manifestPath: String
  var snapshots: String
  var artifacts: String
  var recordMode: RecordMode
  /// The mode as messages name it: with the reason when the CI rule chose it.
  var recordModeInWords: String
  var diff: DiffOptions
  var prune: Bool
  /// What decides a pass: pixels, the layout record, or both.
  var compare: CompareMode
  /// `--changed`: skip goldens whose recorded key and file are unchanged.
  var changedOnly: Bool
  var batch: BatchOptions
  /// `--cache`: the shared cache, or nil.
  var cache: RemoteCache?

  init(
    arguments: inout ArgumentReader,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) {
    let parsed = try Self.optionTable.parseManifestCommand(&arguments)
    batch = parsed.batch
    diff = parsed.diff
    prune = parsed.prune
    changedOnly = parsed.changed
    artifacts = parsed.artifacts
    let record = parsed.record
    guard let manifestPath = parsed.manifestPath else {
      throw UsageError("verify needs a MANIFEST" + batch.missingManifestHint)
    }
    guard let snapshots = parsed.snapshots else {
      throw UsageError("verify needs --snapshots DIR")
    }
    try batch.validate()
    cache = try batch.remoteCache(environment: environment)
    do throws(ConfigurationError) {
      recordMode = try RecordMode.resolve(flag: record, environment: environment)
      recordModeInWords =
        record == nil
        ? RecordMode.explained(recordMode, environment: environment) : recordMode.description
      try diff.validate()
      compare =
        try parsed.compare.map { value throws(ConfigurationError) in
          try CompareMode(parsing: value, source: "--compare")
        } ?? .both
    } catch {
      throw UsageError(error.description)
    }
    if prune && recordMode == .never {
      throw UsageError(
        "--prune deletes goldens, which record mode \(recordModeInWords) does not allow; "
          + "add --record missing")
    }
    let snapshotsURL = RunDirectory.url(snapshots).standardizedFileURL
    if prune && snapshotsURL.resolvingSymlinksInPath().path == "/" {
      throw UsageError("--prune refuses --snapshots \(snapshots): it is the root folder /")
    }
    let artifactsURL = RunDirectory.url(artifacts).standardizedFileURL
    if artifactsURL.isSameOrInside(snapshotsURL) || snapshotsURL.isSameOrInside(artifactsURL) {
      throw UsageError(
        "--artifacts \(artifacts) and --snapshots \(snapshots) must be separate folders, neither inside the other"
      )
    }
    self.manifestPath = manifestPath
    self.snapshots = snapshots
  }

  func run() throws -> Int32 {
    Interruption.install()
    // Goldens are PNG whatever formats the manifest asks `render` for.
    // The artifacts folder, the tool's own, keeps the font check's record between runs.
    guard
      let (manifest, plan, fonts) = try batch.loadPlan(
        manifestPath: manifestPath, formats: [.png],
        recordFolder: RunDirectory.url(self.artifacts, isDirectory: true))
    else { return 2 }
    let snapshotsURL = RunDirectory.url(snapshots, isDirectory: true)
    if prune, let refusal = PruneGuard.refusal(snapshots: snapshotsURL, shown: snapshots) {
      standardError("error: " + refusal)
      return 2
    }
    let artifacts = ArtifactsFolder(directory: RunDirectory.url(self.artifacts))
    do {
      try artifacts.prepare()
    } catch {
      standardError("error: --artifacts \(self.artifacts): \(error.message)")
      return 2
    }
    if batch.refusesReportBlob() { return 2 }
    let store = GoldenStore(directory: snapshotsURL, recordMode: recordMode, options: diff)
    let accept = AcceptCommand(
      manifest: manifestPath, snapshots: snapshots, diff: diff, only: batch.only,
      shard: batch.shard?.description,
      artifacts: self.artifacts == Self.defaultArtifacts ? nil : self.artifacts, compare: compare)
    let reporter = ProgressReporter(
      total: plan.jobs.count, style: batch.progressStyle, verb: "Verifying")
    // An unreadable fingerprint only leaves the goldens' fonts unchecked; the upkeep reports it.
    let recorded = (try? Fingerprint.read(in: snapshotsURL)) ?? nil
    // A new snapshots folder is how a project starts, but also what a typo in --snapshots gives.
    let snapshotsExisted = FileManager.default.fileExists(atPath: snapshotsURL.path)
    // The font files' hashes as the font check read them (from their stamps, mostly).
    let keyContext = try KeyContext.Files(for: manifest.fontSet)?.context(
      known: fonts.inputs, now: FileStamp.currentNanoseconds()
    ).context
    let outcome = VerifyRun(
      plan: plan,
      check: GoldenCheck(
        store: store, artifacts: artifacts, recordModeInWords: recordModeInWords, compare: compare),
      accept: accept, workers: batch.jobs, fontSet: manifest.fontSet, reporter: reporter,
      fingerprintUpdate: FingerprintUpdate(
        mode: recordMode,
        // Goldens skipped by --changed are not rendered, so their fonts are not seen.
        scope: batch.only != nil || batch.shard != nil || changedOnly
          ? .someGoldens : .everyGolden),
      keyContext: keyContext,
      changedSince: changedOnly ? GoldenKeyRecord.read(in: snapshotsURL) : nil, cache: cache
    ).run(recorded: recorded)
    reporter.end()
    BatchOptions.printWarnings(of: cache)
    // Interrupted: every golden is the old or the new file (writes are atomic); a partial run
    // must not prune orphans or rewrite the fingerprint.
    if let signal = Interruption.received {
      standardError(
        "error: stopped by \(Interruption.name(of: signal)); no orphans pruned, no reports written")
      return Interruption.exitCode(for: signal)
    }

    do {
      try fonts.save(manifestItems: manifest.items)
    } catch {
      standardError("error: \(FontCheckRecord.fileName): \(error)")
    }

    // Orphans are judged against the whole manifest, whatever --only picks; one shard lists them.
    let expected =
      plan.isLeadShard
      ? Set(
        manifest.items.enumerated().flatMap { index, item in
          RenderJob.jobs(for: item, itemIndex: index).map(\.relativePath)
        }) : nil
    let upkeep = SnapshotsUpkeep(
      command: self, store: store, expected: expected, outcome: outcome)
    // Keys are written beside the goldens only in a record mode, as goldens are.
    if keyContext != nil && recordMode != .never {
      do {
        try GoldenKeyRecord.merge(
          outcome.keys, removing: upkeep.pruned ? upkeep.orphans : [], in: snapshotsURL)
      } catch {
        standardError("error: \(GoldenKeyRecord.fileName): \(error)")
      }
    }
    let marked = ReviewRejectionsMarking.apply(
      to: VerificationReport(
        entries: outcome.entries + upkeep.entries,
        fingerprintDifferences: upkeep.fingerprintDifferences),
      in: artifacts.directory)
    for problem in marked.problems { standardError("error: \(problem)") }
    let report = marked.report
    let title = "expandable-preview verify \(URL(fileURLWithPath: manifestPath).lastPathComponent)"
    try report.write(in: artifacts.directory, title: title)
    let blobWritten = batch.leaveReportBlob { folder throws(ReportBlobError) in
      try writeReportBlob(
        to: folder, plan: plan, entries: outcome.entries, report: report, accept: accept,
        artifacts: artifacts, title: title)
    }

    let summary = VerifySummary(
      command: self, report: report, outcome: outcome, upkeep: upkeep, artifacts: artifacts,
      accept: accept, seconds: reporter.elapsedSeconds)
    if let problems = summary.problemText { standardError(problems) }
    if !snapshotsExisted, FileManager.default.fileExists(atPath: snapshotsURL.path) {
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

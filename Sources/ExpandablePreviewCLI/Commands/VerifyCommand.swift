import ExpandablePreview
import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview verify MANIFEST --snapshots DIR …`: renders a manifest like `render` and
/// compares every image with the golden at the same relative path.
struct VerifyCommand {
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
  /// `--golden-store`: where locked goldens' bytes are, or nil.
  var goldenBlobs: (any GoldenBlobStore)?

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
    goldenBlobs = try GoldenStoreSetting.blobs(
      flag: parsed.goldenStore, environment: environment)
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

  /// The engine's run this command line asks for.
  var request: VerifyRequest {
    var request = VerifyRequest(
      manifest: manifestPath, snapshots: snapshots, artifacts: artifacts, recordMode: recordMode,
      workers: batch.jobs)
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
    request.caller = .commandLine(
      program: AcceptCommand.runningProgram,
      artifactsShown: artifacts == Self.defaultArtifacts ? nil : artifacts)
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
      for line in error.lines { standardError("error: " + line) }
      return error.isRunFailure ? 1 : 2
    }
    reporter.end()
    if let signal = outcome.stoppedBySignal {
      standardError(
        "error: stopped by \(Interruption.name(of: signal)); no orphans pruned, no reports written")
      return Interruption.exitCode(for: signal)
    }
    let blobWritten = batch.leaveReportBlob { folder throws(ReportBlobError) in
      try writeReportBlob(
        to: folder, plan: outcome.plan, entries: outcome.imageEntries, report: outcome.report,
        accept: outcome.accept, artifacts: outcome.artifacts!, title: outcome.title)
    }
    let summary = VerifySummary(command: self, outcome: outcome, seconds: reporter.elapsedSeconds)
    if let problems = summary.problemText { standardError(problems) }
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

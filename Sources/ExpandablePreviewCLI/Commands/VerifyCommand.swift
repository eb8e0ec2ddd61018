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

  func run() throws -> Int32 {
    Interruption.install()
    // Goldens are PNG whatever formats the manifest asks `render` for.
    // The artifacts folder, the tool's own, keeps the font check's record between runs.
    guard
      let (manifest, plan, fonts) = try batch.loadPlan(
        manifestPath: manifestPath, formats: [.png],
        recordFolder: RunDirectory.url(self.artifacts, isDirectory: true), cache: cache)
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
    let store: GoldenStore
    do {
      store = try GoldenStoreSetting.store(
        directory: snapshotsURL, recordMode: recordMode, options: diff, blobs: goldenBlobs)
    } catch {
      standardError("error: \(error)")
      return 2
    }
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

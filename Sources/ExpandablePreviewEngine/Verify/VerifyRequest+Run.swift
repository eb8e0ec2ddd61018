import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

extension VerifyRequest {
  /// Runs the verification as `expandable-preview verify` does; progress and messages go to
  /// `observer`.
  ///
  /// - Throws: ``EngineError`` when the run cannot start (the manifest, its fonts with
  ///   ``RunOptions/strict``, the record mode, the artifacts folder, the golden store, a prune the folder
  ///   refuses) or its reports cannot be written.
  public func run(observer: (any RunObserver)? = nil) throws(EngineError) -> VerifyOutcome {
    let log = RunLog(next: observer)
    let (mode, words) = try resolvedRecordMode()
    if prune && mode == .never {
      throw EngineError(
        "--prune deletes goldens, which record mode \(words) does not allow; add --record missing")
    }
    let cache = try options.cache()
    let shard = try options.parsedShard()
    // Goldens are PNG whatever formats the manifest asks `render` for. The artifacts folder,
    // the tool's own, keeps the font check's record between runs.
    let start = try RunStart(
      options, formats: [.png], shard: shard,
      recordFolder: artifacts.map { RunFolder.url($0, isDirectory: true, in: options.directory) },
      cache: cache,
      log: log)
    let (manifest, plan, fonts) = (start.manifest, start.plan, start.fonts)
    let snapshotsURL = RunFolder.url(snapshots, isDirectory: true, in: options.directory)
    if prune, let refusal = PruneGuard.refusal(snapshots: snapshotsURL, shown: snapshots) {
      throw EngineError(refusal)
    }
    let artifactsFolder = artifacts.map {
      ArtifactsFolder(directory: RunFolder.url($0, in: options.directory))
    }
    do {
      try artifactsFolder?.prepare()
    } catch {
      let name = if case .commandLine = caller { "--artifacts" } else { "artifacts" }
      throw EngineError("\(name) \(artifacts ?? ""): \(error.message)")
    }
    let store: GoldenStore
    do throws(UsageError) {
      store = try GoldenStoreSetting.store(
        directory: snapshotsURL, recordMode: mode, options: diff, blobs: goldenStore)
    } catch {
      throw EngineError(error.description)
    }
    let accept = acceptCommand(shard: shard)
    // An unreadable fingerprint only leaves the goldens' fonts unchecked; the upkeep reports it.
    let recorded = (try? Fingerprint.read(in: snapshotsURL)) ?? nil
    // A new snapshots folder is how a project starts, but also what a typo in --snapshots gives.
    let snapshotsExisted = FileManager.default.fileExists(atPath: snapshotsURL.path)
    // The font files' hashes as the font check read them (from their stamps, mostly).
    let keyContext: KeyContext?
    do {
      keyContext = try KeyContext.Files(for: manifest.fontSet)?.context(
        known: fonts.inputs, now: FileStamp.currentNanoseconds()
      ).context
    } catch {
      throw EngineError(failing: "\(error)")
    }
    log.runWillReport(files: plan.jobs.count)
    let checked = RunMessages.$observer.withValue(log) {
      VerifyRun(
        plan: plan,
        check: GoldenCheck(
          store: store, artifacts: artifactsFolder, recordModeInWords: words, compare: compare),
        accept: accept, workers: options.workers, fontSet: manifest.fontSet, reporter: log,
        fingerprintUpdate: FingerprintUpdate(
          mode: mode,
          // Goldens skipped by --changed are not rendered, so their fonts are not seen.
          scope: options.only != nil || shard != nil || changedOnly
            ? .someGoldens : .everyGolden),
        keyContext: keyContext,
        changedSince: changedOnly ? GoldenKeyRecord.read(in: snapshotsURL) : nil, cache: cache
      ).run(recorded: recorded)
    }
    // Each once, sorted: workers find them in any order.
    for warning in (cache?.warnings ?? []).sorted() { log.message(RunMessage(.warning, warning)) }
    let title =
      "expandable-preview verify \(URL(fileURLWithPath: options.manifest).lastPathComponent)"
    var outcome = VerifyOutcome(
      report: VerificationReport(entries: checked.entries), images: checked.entries.count,
      recorded: checked.entries.filter(\.recorded).map(\.path), orphans: [], pruned: false,
      rendered: checked.rendered, unchanged: checked.unchanged, fromCache: checked.fromCache,
      layoutRecordsMissing: checked.layoutRecordsMissing,
      layoutRecordProblems: checked.layoutRecordProblems, recordMode: mode,
      recordModeInWords: words, acceptEverything: nil,
      reportFile: artifactsFolder?.url(for: VerificationReport.htmlFileName),
      snapshotsCreated: false, messages: [], stoppedBySignal: nil,
      imageEntries: checked.entries, plan: plan, accept: accept, artifacts: artifactsFolder,
      title: title)
    // Interrupted: every golden is the old or the new file (writes are atomic); a partial run
    // must not prune orphans or rewrite the fingerprint.
    if let signal = Interruption.received {
      outcome.stoppedBySignal = signal
      outcome.messages = log.messages
      return outcome
    }
    do {
      try fonts.save(manifestItems: manifest.items)
    } catch {
      log.message(RunMessage(.error, "\(FontCheckRecord.fileName): \(error)"))
    }
    // Orphans are judged against the whole manifest, whatever `only` picks; one shard lists them.
    let expected =
      plan.isLeadShard
      ? Set(
        manifest.items.enumerated().flatMap { index, item in
          RenderJob.jobs(for: item, itemIndex: index).map(\.relativePath)
        }) : nil
    let upkeep = SnapshotsUpkeep(
      prune: prune, snapshots: snapshots, store: store, expected: expected, outcome: checked)
    // Keys are written beside the goldens only in a record mode, as goldens are.
    if keyContext != nil && mode != .never {
      do {
        try GoldenKeyRecord.merge(
          checked.keys, removing: upkeep.pruned ? upkeep.orphans : [], in: snapshotsURL)
      } catch {
        log.message(RunMessage(.error, "\(GoldenKeyRecord.fileName): \(error)"))
      }
    }
    var report = VerificationReport(
      entries: checked.entries + upkeep.entries,
      fingerprintDifferences: upkeep.fingerprintDifferences)
    if let artifactsFolder {
      let marked = ReviewRejectionsMarking.apply(to: report, in: artifactsFolder.directory)
      for problem in marked.problems { log.message(RunMessage(.error, problem)) }
      report = marked.report
      do {
        try report.write(in: artifactsFolder.directory, title: title)
      } catch {
        throw EngineError(failing: "\(error)")
      }
    }
    outcome.report = report
    outcome.orphans = upkeep.orphans
    outcome.pruned = upkeep.pruned
    // Only failures a record mode can fix (not ones just recorded, nor failed renders).
    outcome.acceptEverything =
      report.failures.contains { $0.acceptCommand != nil } ? accept.everything : nil
    outcome.snapshotsCreated =
      !snapshotsExisted && FileManager.default.fileExists(atPath: snapshotsURL.path)
    outcome.messages = log.messages
    return outcome
  }

  /// The record mode by the one rule, and in words: with the reason when the rule chose it.
  private func resolvedRecordMode() throws(EngineError) -> (RecordMode, String) {
    if let recordMode { return (recordMode, recordModeInWords ?? recordMode.description) }
    do throws(ConfigurationError) {
      let mode = try RecordMode.resolve(environment: options.environment)
      return (
        mode, recordModeInWords ?? RecordMode.explained(mode, environment: options.environment)
      )
    } catch {
      throw EngineError(error.description)
    }
  }

  /// The accept lines' command: the command line's, or what a Swift caller does.
  private func acceptCommand(shard: Shard?) -> AcceptCommand {
    switch caller {
    case .commandLine(let program, let artifactsShown, let goldenStoreShown):
      AcceptCommand(
        manifest: options.manifest, snapshots: snapshots, diff: diff, only: options.only,
        shard: shard?.description, artifacts: artifactsShown, compare: compare, program: program,
        goldenStore: goldenStoreShown)
    case .swift(let api):
      AcceptCommand(
        manifest: options.manifest, snapshots: snapshots, diff: diff, only: options.only,
        shard: shard?.description, compare: compare, swiftCaller: api)
    }
  }
}

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
    let snapshotsURL = RunFolder.url(snapshots, isDirectory: true, in: options.directory)
    let artifactsURL = artifacts.map { RunFolder.url($0, isDirectory: true, in: options.directory) }
    let title =
      "expandable-preview verify \(URL(fileURLWithPath: options.manifest).lastPathComponent)"
    // `--changed` with nothing changed ends after the stamps (made only when it may).
    var shortcut: NoOpShortcut? = nil
    if let artifactsURL,
      let noOpOptions = VerifyNoOp.options(of: self, mode: mode, cache: cache, shard: shard)
    {
      shortcut = NoOpShortcut(
        manifestPath: options.manifest, directory: options.directory, outputFolder: artifactsURL,
        options: noOpOptions)
    }
    if let record = shortcut?.current {
      return nothingChanged(record, mode: mode, words: words, shard: shard, title: title)
    }
    // Goldens are PNG whatever formats the manifest asks `render` for. The artifacts folder,
    // the tool's own, keeps the font check's record between runs.
    let start = try RunStart(
      options, bytes: shortcut?.manifestBytes, formats: [.png], shard: shard,
      recordFolder: artifactsURL, cache: cache,
      log: log)
    let (manifest, plan, fonts) = (start.manifest, start.plan, start.fonts)
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
    let store = try GoldenStoreSetting.store(
      directory: snapshotsURL, recordMode: mode, options: diff, blobs: goldenStore)
    let accept = acceptCommand(shard: shard)
    // An unreadable fingerprint only leaves the goldens' fonts unchecked; the upkeep reports it.
    let recorded = (try? Fingerprint.read(in: snapshotsURL)) ?? nil
    // A new snapshots folder is how a project starts, but also what a typo in --snapshots gives.
    let snapshotsExisted = FileManager.default.fileExists(atPath: snapshotsURL.path)
    // The font files' hashes as the font check read them (from their stamps, mostly).
    let keyFiles = KeyContext.Files(for: manifest.fontSet)
    let keys: (context: KeyContext, hashes: InputHashes)?
    do {
      keys = try keyFiles?.context(known: fonts.inputs, now: FileStamp.currentNanoseconds())
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
        keyContext: keys?.context,
        changedSince: changedOnly ? GoldenKeyRecord.read(in: snapshotsURL) : nil, cache: cache
      ).run(recorded: recorded)
    }
    // Each once, sorted: workers find them in any order.
    for warning in (cache?.warnings ?? []).sorted() { log.message(RunMessage(.warning, warning)) }
    var outcome = VerifyOutcome(
      report: VerificationReport(entries: checked.entries), images: checked.entries.count,
      recorded: checked.entries.filter(\.recorded).map(\.path), orphans: [], pruned: false,
      rendered: checked.rendered, unchanged: checked.unchanged, fromCache: checked.fromCache,
      layoutRecordsMissing: checked.layoutRecordsMissing,
      layoutRecordProblems: checked.layoutRecordProblems, recordMode: mode,
      recordModeInWords: words, acceptEverything: nil,
      reportFile: artifactsFolder?.url(for: VerificationReport.htmlFileName),
      snapshotsCreated: false, messages: [], stoppedBySignal: nil, nothingChanged: false,
      imageEntries: checked.entries, plan: plan, accept: accept, artifacts: artifactsFolder,
      title: title, request: self)
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
    // Not rewritten when nothing changes in it: its stamp is one a no-op record keeps.
    let keysChange = !checked.keys.isEmpty || (upkeep.pruned && !upkeep.orphans.isEmpty)
    if keys != nil && mode != .never && keysChange {
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
    if let shortcut, let artifactsURL, let keyFiles, let keys,
      VerifyNoOp.mayRecord(outcome, problemsSaid: log.problemsSaid),
      let run = VerifyNoOp.run(
        items: plan.renderedItems.map { plan.items[$0].name },
        goldens: checked.entries.map(\.path), snapshots: snapshotsURL, artifacts: artifactsURL,
        fonts: (keyFiles, keys.hashes), textFiles: manifest.textFiles)
    {
      shortcut.record(run)
    }
    return outcome
  }

  /// The outcome of a run ``VerifyNoOp`` short-cut: every golden unchanged, as the record's
  /// run found them; the reports in the artifacts folder are that run's.
  private func nothingChanged(
    _ record: NoOpRecord, mode: RecordMode, words: String, shard: Shard?, title: String
  ) -> VerifyOutcome {
    let artifactsFolder = artifacts.map {
      ArtifactsFolder(directory: RunFolder.url($0, in: options.directory))
    }
    return VerifyOutcome(
      report: VerificationReport(), images: record.files, recorded: [], orphans: [],
      pruned: false, rendered: 0, unchanged: record.files, fromCache: 0,
      layoutRecordsMissing: 0, layoutRecordProblems: [], recordMode: mode,
      recordModeInWords: words, acceptEverything: nil,
      reportFile: artifactsFolder?.url(for: VerificationReport.htmlFileName),
      snapshotsCreated: false, messages: [], stoppedBySignal: nil, nothingChanged: true,
      plan: nil, accept: acceptCommand(shard: shard), artifacts: artifactsFolder, title: title,
      request: self)
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

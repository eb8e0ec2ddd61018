import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension RenderRequest {
  /// Runs the render as `expandable-preview render` does; progress and messages go to
  /// `observer`.
  ///
  /// - Throws: ``EngineError`` when the run cannot start: the manifest, its fonts with
  ///   ``RunOptions/strict``, the selection, the cache settings, or an output folder that cannot be made.
  public func run(observer: (any RunObserver)? = nil) throws(EngineError) -> RenderOutcome {
    let log = RunLog(next: observer)
    let outputFolder = RunFolder.url(output, isDirectory: true, in: options.directory)
    let cache = try options.cache()
    let shard = try options.parsedShard()
    let shortcut = NoOpShortcut(
      manifestPath: options.manifest, directory: options.directory, outputFolder: outputFolder,
      options: noOpOptions(cache: cache, shard: shard), checks: !force)
    if let record = shortcut.current {
      return RenderOutcome(
        items: record.items, files: record.files, rendered: 0, unchanged: record.files,
        fromCache: 0, filesOfRemovedItems: record.removed, pruned: prune,
        gallery: record.gallery ? outputFolder.appendingPathComponent("index.html") : nil,
        nothingChanged: true, messages: [], stoppedBySignal: nil, outputFolder: outputFolder)
    }
    let start = try RunStart(
      options, bytes: shortcut.manifestBytes, formats: formats.isEmpty ? nil : formats,
      shard: shard, recordFolder: outputFolder, cache: cache, log: log)
    let (manifest, plan, fonts) = (start.manifest, start.plan, start.fonts)
    if let problem = OutputFolder.problem(outputFolder.path, name: output) {
      if case .commandLine = caller { throw EngineError("--out: \(problem)") }
      throw EngineError(problem)
    }
    let run = BatchRun(
      plan: plan, outputFolder: outputFolder, workers: options.workers,
      fontSet: manifest.fontSet, reporter: log, strict: options.strict,
      keyFiles: KeyContext.Files(for: manifest.fontSet), inputsRead: fonts.inputs, force: force,
      prune: prune, cache: cache, knownStamps: shortcut.knownStamps,
      knownGalleryInputs: shortcut.knownGalleryInputs)
    let batch = RunMessages.$observer.withValue(log) { run.run(title: title) }
    // Each once, sorted: workers find them in any order.
    for warning in (cache?.warnings ?? []).sorted() { log.message(RunMessage(.warning, warning)) }
    var outcome = RenderOutcome(
      items: plan.renderedItems.count, files: batch.fileCount, rendered: batch.rendered,
      unchanged: batch.unchanged, fromCache: batch.fromCache,
      filesOfRemovedItems: batch.filesOfRemovedItems, pruned: prune,
      gallery: batch.galleryWritten ? outputFolder.appendingPathComponent("index.html") : nil,
      nothingChanged: false, messages: [], stoppedBySignal: batch.interruption, batch: batch,
      plan: plan, machineDependent: manifest.fontSet.isMachineDependent,
      outputFolder: outputFolder)
    if batch.interruption != nil {
      outcome.messages = log.messages
      return outcome
    }
    var fontCheckFailure: BatchSummary.Failure? = nil
    do {
      try fonts.save(manifestItems: manifest.items)
    } catch {
      fontCheckFailure = .init(item: "", file: FontCheckRecord.fileName, error: JobFailure(error))
    }
    if let unusable = batch.unusableRecord {
      log.message(RunMessage(.warning, "\(output): \(unusable)"))
    }
    for still in batch.stillAnimations {
      log.message(
        RunMessage(.warning, "\(options.manifest): item '\(still.item)': \(still.reason)"))
    }
    outcome.reportFailures = batch.reportFailures + (fontCheckFailure.map { [$0] } ?? [])
    for failure in outcome.reportFailures { log.message(RunMessage(.error, failure.line)) }
    outcome.failed = batch.renderFailures + outcome.reportFailures
    // A run that said nothing and failed nothing leaves a no-op record: the next run with
    // nothing changed prints its summary after checking the stamps.
    if let stamps = batch.stamps, outcome.failed.isEmpty, log.problemsSaid == 0 {
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
          items: outcome.items, files: outcome.files, gallery: batch.galleryWritten,
          galleryInputs: batch.galleryInputs,
          removed: prune ? [] : batch.filesOfRemovedItems, inputs: inputs, outputs: outputs))
    }
    outcome.messages = log.messages
    return outcome
  }

  /// The options that decide the files `render` leaves, for the no-op record's digest; nil
  /// when a run may not be short-cut: a cache (the cache is told what runs), a report blob
  /// (written elsewhere), `only` and `shard` (part of the folder, the gallery shows the
  /// rest), the machine's fonts (no stamp covers them).
  private func noOpOptions(cache: RemoteCache?, shard: Shard?) -> [String]? {
    guard cache == nil, !writesElsewhere, options.only == nil, shard == nil,
      !options.systemFonts
    else {
      return nil
    }
    return [
      "manifest=" + RunFolder.path(options.manifest, in: options.directory),
      "formats=" + formats.map(\.rawValue).joined(separator: ","),
      "strict=\(options.strict)", "max-renders=\(options.maxRenders)", "prune=\(prune)",
    ]
  }
}

import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// Renders a plan into an output folder: PNGs on the worker pool, then each item's
/// `layout.json`, then the gallery. A failure is recorded and the run goes on.
package struct BatchRun {
  var plan: BatchPlan
  var outputFolder: URL
  var workers: Int
  /// The fonts every worker renders with.
  var fontSet: FontSet
  /// Told of every finished file.
  var reporter: any RunObserver
  /// `--strict`: an animation with nothing to expand fails its job instead of a warning.
  var strict = false
  /// The files the job keys are made of; nil renders every job and keeps no record (system
  /// fonts).
  var keyFiles: KeyContext.Files? = nil
  /// Hashes of those files read before the run (by the font check), in place of the record's,
  /// so that no run reads a file twice.
  var inputsRead = InputHashes()
  /// `--force`: render every job even when its key and files are unchanged (the record is
  /// still written).
  var force = false
  /// `--prune`: remove the recorded files of items no longer in the manifest.
  var prune = false
  /// `--cache URL`: the shared cache asked before a job renders and told what it rendered.
  var cache: RemoteCache? = nil
  /// Stamps the last run left its files with, by path in the output folder (its no-op
  /// record's): a report found unchanged with that stamp may keep it, settled or not.
  var knownStamps: [String: FileStamp] = [:]
  /// The digest of the gallery's inputs the last run recorded (``GalleryPage/inputsDigest()``).
  var knownGalleryInputs: String? = nil
  /// The output folder once ``outputHandle()`` opened it.
  private let openedOutput = Locked<FolderHandle?>(nil)

  package init(
    plan: BatchPlan, outputFolder: URL, workers: Int, fontSet: FontSet,
    reporter: any RunObserver, strict: Bool = false, keyFiles: KeyContext.Files? = nil,
    inputsRead: InputHashes = InputHashes(), force: Bool = false, prune: Bool = false,
    cache: RemoteCache? = nil, knownStamps: [String: FileStamp] = [:],
    knownGalleryInputs: String? = nil
  ) {
    self.knownStamps = knownStamps
    self.knownGalleryInputs = knownGalleryInputs
    self.plan = plan
    self.outputFolder = outputFolder
    self.workers = workers
    self.fontSet = fontSet
    self.reporter = reporter
    self.strict = strict
    self.keyFiles = keyFiles
    self.inputsRead = inputsRead
    self.force = force
    self.prune = prune
    self.cache = cache
  }

  /// One job done: its part of `layout.json` and what the record keeps of it.
  struct JobDone: Sendable {
    /// The part as written (``LayoutReportFragments``), made in the worker or the cache's
    /// bytes; nil when the job was skipped: its part of the item's file is kept as it is.
    var layoutPart: Data?
    /// An animation written as one frame because the text fits (a warning).
    var isStillAnimation: Bool
    var entry: RenderRecord.Entry?
    /// Whether the files came from the shared cache instead of being rendered here.
    var fromCache = false
    /// The files written, kept only while a plan bundle is to be uploaded.
    var files: [CachedJobFiles.File]? = nil
    var skipped: Bool { layoutPart == nil }
  }

  /// What happened to every job and report.
  package struct Outcome: Sendable {
    /// Files written (a job writes one file per format).
    package var rendered: Int
    /// Files of the plan (``BatchPlan/fileCount``, counted from the jobs the run made).
    package var fileCount = 0
    /// Files left as they were: their job's key and bytes are unchanged.
    package var unchanged = 0
    /// Of the files written, those taken from the shared cache instead of rendered.
    package var fromCache = 0
    /// Files an earlier run recorded for items no longer in the manifest (removed with
    /// `--prune`), relative to the output folder.
    package var filesOfRemovedItems: [String] = []
    /// Files that failed to render or write (already reported as they happened).
    package var renderFailures: [BatchSummary.Failure]
    /// `layout.json` and `index.html` files that could not be written.
    package var reportFailures: [BatchSummary.Failure]
    package var galleryWritten: Bool
    /// The digest of the gallery's inputs (``GalleryPage/inputsDigest()``), for the no-op record.
    package var galleryInputs: String? = nil
    /// Animations written as one frame because the text fits, in job order: the item and
    /// what happened, for warnings after the progress output.
    package var stillAnimations: [(item: String, reason: String)] = []
    /// Why the output folder's render record was not used (the tool's own, of another version
    /// or damaged), for a warning; nil when it was used or there was none.
    package var unusableRecord: String? = nil
    /// The signal that stopped the run before its reports; nil when the run finished (a
    /// signal after the last report changes nothing).
    package var interruption: Int32? = nil
    /// What a no-op record (``NoOpRecord``) needs of this run: each font file and font
    /// listing read, with its stamp, and each file left in the output folder with its stamp;
    /// nil when the run keeps no record, failed something, or some stamp cannot stand for its
    /// file's bytes (one changed in the run's last moments).
    package var stamps: (inputs: [String: FileStamp?], outputs: [String: FileStamp])? = nil
  }

  package func run(title: String) -> Outcome {
    var renderFailures: [BatchSummary.Failure] = []
    var record = RenderRecord()
    var recordStamp: FileStamp? = nil
    var unusableRecord: String? = nil
    var keys: (context: KeyContext, hashes: InputHashes)? = nil
    // Files older than a moment before the run began may be stamped (see FileStamp).
    let now = FileStamp.currentNanoseconds()
    if let keyFiles {
      var file = RenderRecord.fileName
      do {
        (record, recordStamp, unusableRecord) = try RenderRecord.readStamped(in: outputHandle())
        file = ""
        var known = record.inputs
        known.files.merge(inputsRead.files) { _, read in read }
        keys = try keyFiles.context(known: known, now: now)
      } catch {
        return Outcome(
          rendered: 0, fileCount: plan.fileCount, renderFailures: [],
          reportFailures: [.init(item: "", file: file, error: JobFailure(error))],
          galleryWritten: false)
      }
    }
    // Made once: each job is built from its item on every access of the plan's list.
    let jobs = Array(plan.jobs)
    let fileCount = jobs.reduce(0) { $0 + $1.fileCount }
    reporter.runWillReport(files: fileCount)
    let planKeys = keys.map { self.jobKeys(of: jobs, in: $0.context) }
    let bundle = planKeys.map { bundledFiles(of: jobs, keys: $0, record: record) }
    // Each item's folder made or opened once; the unchanged jobs found there (BatchRun+Unchanged).
    let found = findUnchanged(jobs, record: record, keys: planKeys, now: now)
    let (unwritableItems, newFolders) = (found.unwritable, found.newFolders)
    let done = renderAll(
      jobs, found: found, keys: planKeys, bundled: bundle?.files ?? [:],
      keepingFiles: bundle?.wanted == true)
    let keptReports = found.keptReports
    if let planKeys, bundle?.wanted == true { storeBundle(of: jobs, keys: planKeys, done) }
    let unchanged = zip(jobs, done).reduce(0) { count, pair in
      if case .success(let job) = pair.1, job.skipped { count + pair.0.fileCount } else { count }
    }
    for (job, result) in zip(jobs, done) {
      if case .failure(let error) = result {
        renderFailures.append(.init(item: job.itemName, file: job.file, error: error))
      }
    }
    let rendered =
      zip(jobs, done).reduce(0) { count, pair in
        if case .success = pair.1 { count + pair.0.fileCount } else { count }
      } - unchanged
    let fromCache = zip(jobs, done).reduce(0) { count, pair in
      if case .success(let job) = pair.1, job.fromCache { count + pair.0.fileCount } else { count }
    }
    // Interrupted: stop at the complete PNGs; reports would describe a partial run.
    if let signal = Interruption.received {
      return Outcome(
        rendered: rendered, fileCount: fileCount, unchanged: unchanged, renderFailures: [],
        reportFailures: [], galleryWritten: false, interruption: signal)
    }
    let (layoutFailures, reports) = writeLayoutReports(
      jobs, done, kept: keptReports, skipping: unwritableItems, newFolders: newFolders)
    // The record, as the reports, describes a finished run; an interrupted one leaves none.
    var recordFailures: [BatchSummary.Failure] = []
    var removedFiles: [String] = []
    var recordLeft: (record: RenderRecord, stamp: FileStamp?)? = nil
    if let keys {
      do {
        // The record as read, unless another run (a shard) replaced it since.
        let unchanged = recordStamp.map { $0.isSettled(readAt: now) } == true
        let update = try updateRecord(
          jobs, done, reports: reports, inputs: keys.hashes,
          readBefore: unchanged ? (record, recordStamp!) : nil)
        removedFiles = update.removed
        recordLeft = (update.record, update.stamp)
      } catch {
        recordFailures.append(
          .init(item: "", file: RenderRecord.fileName, error: JobFailure(error)))
      }
    }
    var stillAnimations: [(item: String, reason: String)] = []
    for (job, result) in zip(jobs, done) {
      guard case .success(let jobDone) = result, jobDone.isStillAnimation else { continue }
      let reason = StillAnimation.reason(job.component, lineLimit: "lineLimit")
      stillAnimations.append(
        (job.itemName, reason + ": " + StillAnimation.written(job.file)))
    }
    var reportFailures = recordFailures + layoutFailures
    var galleryWritten = false
    var galleryStamp: FileStamp? = nil
    var galleryInputs: String? = nil
    if plan.isLeadShard {
      do {
        (galleryStamp, galleryInputs) = try writeGallery(
          title: title, jobs: jobs, renderFailures: renderFailures, now: now)
        galleryWritten = true
      } catch {
        reportFailures.append(.init(item: "", file: "index.html", error: JobFailure(error)))
      }
    }
    var stamps: (inputs: [String: FileStamp?], outputs: [String: FileStamp])? = nil
    if let keyFiles, let keys, let recordLeft, renderFailures.isEmpty, reportFailures.isEmpty {
      stamps = noOpStamps(
        jobs, keyFiles: keyFiles, hashes: keys.hashes, record: recordLeft,
        gallery: plan.isLeadShard ? .some(galleryStamp) : nil)
    }
    return Outcome(
      rendered: rendered, fileCount: fileCount, unchanged: unchanged, fromCache: fromCache,
      filesOfRemovedItems: removedFiles,
      renderFailures: renderFailures, reportFailures: reportFailures,
      galleryWritten: galleryWritten, galleryInputs: galleryInputs,
      stillAnimations: stillAnimations,
      unusableRecord: unusableRecord, stamps: stamps)
  }

  /// The stamps a no-op record keeps of this run (``Outcome/stamps``): the font files' as
  /// they were hashed (`hashes`), their listing's (``KeyContext/Files/listing``), and from the
  /// record as left each job's files', each item's `layout.json`'s, the record's own and the
  /// gallery's (`gallery`: nil when this run writes none, `.some(nil)` when its stamp cannot
  /// stand for its bytes). Nil when a stamp is missing.
  private func noOpStamps(
    _ jobs: [RenderJob], keyFiles: KeyContext.Files, hashes: InputHashes,
    record: (record: RenderRecord, stamp: FileStamp?), gallery: FileStamp??
  ) -> (inputs: [String: FileStamp?], outputs: [String: FileStamp])? {
    var inputs = keyFiles.listing
    for path in keyFiles.fonts {
      guard let entry = hashes.files[path] else { return nil }
      inputs[path] = entry.stamp
    }
    guard let recordStamp = record.stamp else { return nil }
    var outputs = [RenderRecord.fileName: recordStamp]
    if let gallery {
      guard let gallery else { return nil }
      outputs["index.html"] = gallery
    }
    for job in jobs {
      guard let entry = record.record.jobs[job.relativePath] else { return nil }
      for path in entry.files.keys {
        guard let stamp = entry.stamps[path] else { return nil }
        outputs[path] = stamp
      }
    }
    for index in plan.renderedItems {
      let name = plan.items[index].name
      guard let stamp = record.record.reports[name]?.stamp else { return nil }
      outputs[name + "/layout.json"] = stamp
    }
    return (inputs, outputs)
  }

  /// The folder of item `name`, created if missing, opened without following a link.
  func itemFolder(_ name: String) throws(FolderError) -> FolderHandle {
    try outputHandle().subfolder(name)
  }

  /// The output folder, opened once for the run (each item's folder is opened through it
  /// several times; opening the output folder by path each time cost two system calls).
  func outputHandle() throws(FolderError) -> FolderHandle {
    if let opened = openedOutput.withLock({ $0 }) { return opened }
    let opened = try FolderHandle(path: outputFolder.path)
    openedOutput.withLock { $0 = opened }
    return opened
  }

  /// Renders and writes the files of every job not found unchanged (through ``JobRunner``),
  /// taking one from `bundled` or the shared cache when it has it; the result of job `i` is
  /// at index `i`, an unchanged one's from `found`. With `keepingFiles`, each job done keeps
  /// the files it wrote (for a plan bundle).
  private func renderAll(
    _ jobs: [RenderJob], found: ItemsFound, keys: [String]?,
    bundled: [String: BundledJob], keepingFiles: Bool
  ) -> [Result<JobDone, JobFailure>] {
    let pending = jobs.indices.filter { found.unchanged[$0] == nil }
    var done: [Result<JobDone, JobFailure>?] = jobs.indices.map { at in
      found.unchanged[at].map { .success($0) }
    }
    guard !pending.isEmpty else { return done.map { $0! } }
    let run = self
    let unwritableItems = found.unwritable
    let pendingJobs = pending.map { jobs[$0] }
    let keysByPath = keys.map { keys in
      Dictionary(pending.map { (jobs[$0].relativePath, keys[$0]) }) { first, _ in first }
    }
    var runner = JobRunner(
      jobs: pendingJobs, workers: workers, fontSet: fontSet, reporter: reporter)
    runner.reportsEveryFile = true
    let folders = ItemFolders(jobs: pendingJobs)
    let results = runner.run { job, renderer in
      defer { folders.finished(job) }
      if let problem = unwritableItems[job.itemIndex] { throw JobFailure.unwritableItem(problem) }
      let key = keysByPath?[job.relativePath]
      let itemFolder = try folders.folder(of: job) { () throws(FolderError) in
        try run.itemFolder(job.itemName)
      }
      if let key,
        let fromCache = try run.jobFromCache(
          job, key: key, bundled: bundled[job.relativePath], into: itemFolder,
          keepingFiles: keepingFiles)
      {
        return fromCache
      }
      return try run.written(
        JobRenderer.files(of: job, with: renderer.get(), strict: run.strict), of: job, key: key,
        into: itemFolder, keepingFiles: keepingFiles)
    }
    for (at, result) in zip(pending, results) { done[at] = result }
    return done.map { $0! }
  }
}

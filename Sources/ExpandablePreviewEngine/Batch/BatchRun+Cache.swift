import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

extension BatchRun {
  /// The key of each of `jobs` in `context`, in order; each item's component keyed once (a
  /// long text is hashed once for all its jobs).
  func jobKeys(of jobs: [RenderJob], in context: KeyContext) -> [String] {
    var components: [Int: String] = [:]
    return jobs.map { job in
      let component = components[job.itemIndex] ?? KeyFields.key(of: job.component)
      components[job.itemIndex] = component
      return JobKey.of(job, in: context, component: component)
    }
  }

  /// The jobs of `jobs` whose files the shared cache's plan bundle (``PlanBundle``) wrote,
  /// by each job's first file, and whether this run should upload one. Asked only when the
  /// plan is large enough and fewer than half its jobs are recorded with their key (an output
  /// folder that is empty or stale: a folder that is mostly up to date needs few files and
  /// would fetch them all); a job recorded with its key is not written (it is checked as
  /// without a bundle), nor with `--strict` an animation held as one frame.
  func bundledFiles(of jobs: [RenderJob], keys: [String], record: RenderRecord) -> (
    files: [String: BundledJob], wanted: Bool
  ) {
    guard let cache, !force, jobs.count >= PlanBundle.minimumJobs,
      let output = try? outputHandle()
    else { return ([:], false) }
    let recorded = zip(jobs, keys).reduce(0) { count, pair in
      record.jobs[pair.0.relativePath]?.key == pair.1 ? count + 1 : count
    }
    guard recorded * 2 < jobs.count else { return ([:], false) }
    let strict = strict
    guard
      let written = cache.bundledFiles(
        of: jobs, keys: keys, into: output,
        writes: { index, stillAnimation in
          record.jobs[jobs[index].relativePath]?.key != keys[index]
            && !(strict && stillAnimation)
        })
    else { return ([:], !cache.settings.readOnly && !cache.isDown) }
    var files: [String: BundledJob] = [:]
    for (job, done) in zip(jobs, written) where files[job.relativePath] == nil {
      files[job.relativePath] = done
    }
    return (files, false)
  }

  /// Uploads the plan bundle of `jobs` when every one of them was rendered or taken from the
  /// cache by this run (so all their files are at hand); nothing otherwise.
  func storeBundle(of jobs: [RenderJob], keys: [String], _ done: [Result<JobDone, JobFailure>]) {
    guard let cache else { return }
    var files: [CachedJobFiles] = []
    for result in done {
      guard case .success(let job) = result, let written = job.files, let part = job.layoutPart
      else { return }
      files.append(
        CachedJobFiles(files: written, layoutPart: part, stillAnimation: job.isStillAnimation))
    }
    cache.storeBundle(of: jobs, keys: keys, files: files)
  }

  /// Takes `job`'s files as `bundled` wrote them (the plan bundle's, checked already) or else
  /// from the shared cache when it has them all, checked, and writes them into `itemFolder` as a render
  /// would (atomically, by the same names); nil when there is no cache, `--force` is given, or
  /// the cache has no usable entry (the job is then rendered). With `--strict`, an animation
  /// the cache holds as one frame is rendered, so that it fails here as it would without a
  /// cache.
  func jobFromCache(
    _ job: RenderJob, key: String, bundled: BundledJob?, into itemFolder: FolderHandle,
    keepingFiles: Bool
  ) throws -> JobDone? {
    if !force, let bundled {
      return JobDone(
        layoutPart: bundled.layoutPart, isStillAnimation: bundled.stillAnimation,
        entry: RenderRecord.Entry(job, key: key, bundled: bundled), fromCache: true)
    }
    guard !force, let cache, let cached = cache.cachedFiles(of: job, key: key),
      !(strict && cached.stillAnimation)
    else { return nil }
    var done = try written(
      cached.files, of: job, key: key, layoutPart: cached.layoutPart,
      stillAnimation: cached.stillAnimation, into: itemFolder, keepingFiles: keepingFiles)
    done.fromCache = true
    return done
  }

  /// Writes the files `rendered` here into `itemFolder`, each hashed once (the record and the
  /// cache get the same digest), with the job's part of `layout.json` made here in the worker,
  /// and uploads them to the shared cache.
  func written(
    _ rendered: JobRender, of job: RenderJob, key: String?, into itemFolder: FolderHandle,
    keepingFiles: Bool
  ) throws -> JobDone {
    let files = rendered.files.map {
      CachedJobFiles.File(name: $0.file, sha256: SHA256Digest.hex(of: $0.bytes), bytes: $0.bytes)
    }
    let done = try written(
      files, of: job, key: key,
      layoutPart: LayoutReportFragments.fragment(of: .init(job, layout: rendered.layout)),
      stillAnimation: rendered.layout.isStillAnimation, into: itemFolder,
      keepingFiles: keepingFiles)
    if let key { cache?.store(files, layout: rendered.layout, of: job, key: key) }
    return done
  }

  /// Writes `files` (rendered or taken from the cache, each with its checked SHA-256) into
  /// `itemFolder` and returns the job done, with its part of `layout.json`.
  func written(
    _ files: [CachedJobFiles.File], of job: RenderJob, key: String?, layoutPart: Data,
    stillAnimation: Bool, into itemFolder: FolderHandle, keepingFiles: Bool
  ) throws -> JobDone {
    var stamps: [String: FileStamp] = [:]
    for file in files { stamps[file.name] = try itemFolder.write(file.bytes, to: file.name) }
    let entry = key.map { key in
      RenderRecord.Entry(
        job, key: key, files: files, stillAnimation: stillAnimation, stamps: stamps)
    }
    return JobDone(
      layoutPart: layoutPart, isStillAnimation: stillAnimation, entry: entry,
      files: keepingFiles ? files : nil)
  }
}

extension RenderRecord.Entry {
  /// The record's entry of `job` (key `key`) having written `files` (by name in its item's
  /// folder, with the SHA-256 they were hashed or checked with) just now, with the stamps
  /// ``FolderHandle/write(_:to:)`` gave them (by name): the tool's own stamps, trusted by the
  /// next run (see ``FileStamp``), so that a file this run wrote is not read and hashed again
  /// merely because it is young.
  init(
    _ job: RenderJob, key: String, files: [CachedJobFiles.File], stillAnimation: Bool,
    stamps: [String: FileStamp]
  ) {
    self.init(
      key: key,
      files: Dictionary(
        files.map { ("\(job.itemName)/\($0.name)", $0.sha256) },
        uniquingKeysWith: { first, _ in first }),
      stillAnimation: stillAnimation,
      stamps: Dictionary(
        stamps.map { ("\(job.itemName)/\($0.key)", $0.value) },
        uniquingKeysWith: { first, _ in first }))
  }
}

import ExpandablePreview
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// The workbench's review of failing goldens. Listing runs `verify` of the manifest against the
/// snapshots folder with the same ``VerifyRun`` and ``GoldenCheck``, in record mode never and
/// keeping the failures' images in memory instead of an artifacts folder. Approving an image
/// records it as `verify --record failed` does: the same run of that one job in record mode
/// failed, then the folder's fingerprint and golden keys settled. A locked snapshots folder
/// (``GoldenLock``) is reviewed against its lock and approved into it as `verify` records: the
/// bytes uploaded to the golden store first, the lock line written after.
package struct GoldenReview: Sendable {
  let manifestPath: String
  /// The snapshots folder as given.
  package let snapshotsPath: String
  let snapshots: URL
  let plan: BatchPlan
  let fontSet: FontSet
  let workers: Int
  /// When an image matches its golden: `verify`'s defaults in the workbench, the run's own for
  /// a ``VerifyOutcome``'s review.
  let diff: DiffOptions
  /// The SHA-256 of the manifest and each of its text files when this review read them (nil:
  /// unreadable): an approve renders with what was read, so it is refused once they changed.
  let inputDigests: [String: String?]
  /// What bounds the memory of its runs' images.
  let limits: ReviewLimits
  /// The gate every run of this review decodes through.
  package let gate: PixelGate
  /// Where a locked folder's bytes are (`EXPANDABLE_PREVIEW_GOLDEN_STORE`, as `verify` reads
  /// it); nil when none is set.
  let blobs: (any GoldenBlobStore)?

  /// Reads the manifest as `verify` reads it (PNG goldens, every item), with the golden store
  /// the environment names.
  ///
  /// - Parameter environment: where the golden store is named, as for `verify`.
  /// - Throws: the manifest's errors, each as `file:line:column: message`, or a golden store
  ///   setting that cannot be used.
  package init(
    manifest path: String, snapshots: String, workers: Int, limits: ReviewLimits = ReviewLimits(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(EngineError) {
    let blobs = try GoldenStoreSetting.blobs(flag: nil, environment: environment)
    try self.init(
      manifest: path, snapshots: snapshots, workers: workers, limits: limits, blobs: blobs)
  }

  /// Reads the manifest as `verify` reads it (PNG goldens, every item).
  ///
  /// - Parameters:
  ///   - blobs: where a locked folder's bytes are; nil for none.
  ///   - diff: when an image matches its golden.
  /// - Throws: the manifest's errors, each as `file:line:column: message`.
  package init(
    manifest path: String, snapshots: String, workers: Int, limits: ReviewLimits = ReviewLimits(),
    blobs: (any GoldenBlobStore)?, diff: DiffOptions = DiffOptions()
  ) throws(EngineError) {
    self.blobs = blobs
    self.diff = diff
    let manifest: Manifest
    do throws(ManifestErrors) { manifest = try ManifestDecoder.decode(path: path) } catch {
      throw EngineError(error.description)
    }
    plan = try BatchPlan(manifest: manifest, only: nil, shard: nil, formats: [.png])
    manifestPath = path
    snapshotsPath = snapshots
    self.snapshots = URL(fileURLWithPath: snapshots, isDirectory: true)
    fontSet = manifest.fontSet
    self.workers = workers
    self.limits = limits
    gate = PixelGate(capacity: limits.decoding)
    let inputs =
      [URL(fileURLWithPath: path).standardizedFileURL.path] + manifest.textFiles.keys.sorted()
    inputDigests = Dictionary(
      inputs.map { ($0, Self.digest(ofFile: $0)) }, uniquingKeysWith: { a, _ in a })
  }

  /// The SHA-256 of the file at `path`; nil when there is none or it cannot be read as a
  /// regular file of at most 1 GiB (``BoundedFile``: a FIFO or a device is never waited on).
  static func digest(ofFile path: String) -> String? {
    guard case .bytes(let data, _) = BoundedFile.read(path, maxBytes: 1 << 30) else { return nil }
    return SHA256Digest.hex(of: data)
  }

  /// The goldens the manifest's images are checked against, relative to the snapshots folder.
  package var goldenPaths: [String] { plan.jobs.map(\.relativePath) }

  /// Checks every image of the manifest against its golden, writing nothing.
  package func verify() -> ReviewResult { verify(plan.jobs) }

  /// Checks the image of the golden at `path` alone (after an approve or undo); nil when no job
  /// of the manifest renders it.
  package func verify(path: String) -> ReviewResult? {
    position(of: path).map { verify(plan.jobs.picking([$0])) }
  }

  /// Records the current render of the golden at `path` as `verify --record failed` would,
  /// first keeping the bytes of every file that may change, for ``GoldenBackup/restore()``.
  /// `goldenAtRun` is the golden's SHA-256 when the run listed it (``ReviewResult``).
  ///
  /// - Throws: before writing anything, when no job renders `path`, the manifest, a text file
  ///   or the golden changed since the run, or a file the undo needs cannot be read; after, when
  ///   the check did not record it (it passes now, or cannot be rendered or written) or the
  ///   bookkeeping cannot be written (then the files are put back), with the reason.
  package func approve(_ path: String, goldenAtRun: String?) throws(EngineError) -> GoldenBackup {
    guard let position = position(of: path) else {
      throw EngineError("no item of the manifest renders \(path)")
    }
    for (file, digest) in inputDigests.sorted(by: { $0.key < $1.key })
    where Self.digest(ofFile: file) != digest {
      throw EngineError("\(file) changed since the run; re-run verify (nothing was written)")
    }
    guard goldenDigest(path) == goldenAtRun else {
      throw EngineError(
        "\(path) changed on disk since the run; re-run verify (nothing was written)")
    }
    // A locked folder records by uploading: without a store there is nowhere to.
    guard blobs != nil || !GoldenLock.exists(in: snapshots) else {
      throw EngineError(
        "\(snapshotsPath) is locked (\(GoldenLock.fileName)) and no golden store is set: "
          + "start the workbench with \(GoldenStore.storeVariable)=URL (nothing was written)")
    }
    do { _ = try Fingerprint.read(in: snapshots) } catch {
      throw EngineError("cannot keep the undo: \(error) (nothing was written)")
    }
    let backup = try GoldenBackup(golden: path, in: snapshots)
    let recordMode = RecordMode.failed
    // As `verify` keeps keys: none with system fonts; a renderer that cannot be made keeps none.
    let keyContext = (try? KeyContext.current(for: fontSet)) ?? nil
    var one = plan
    one.jobs = plan.jobs.picking([position])
    let outcome = run(
      one, mode: recordMode,
      fingerprint: FingerprintUpdate(mode: recordMode, scope: .someGoldens),
      keyContext: keyContext)
    guard let entry = outcome.entries.first, entry.recorded else {
      throw EngineError(
        outcome.entries.first.map { "not recorded: \($0.summary)" } ?? "not recorded")
    }
    do {
      _ = try Fingerprint.settle(outcome.fingerprint, in: snapshots)
      if keyContext != nil {
        try GoldenKeyRecord.merge(outcome.keys, removing: [], in: snapshots)
      }
    } catch {
      // The golden goes back with the rest: an approve is whole or not at all.
      let undone = (try? backup.restore()) != nil ? "put back" : "NOT put back"
      throw EngineError("\(path) could not be recorded (the files were \(undone)): \(error)")
    }
    return backup
  }

  /// The SHA-256 of the golden at `path` as it is now (nil: absent or unreadable): its lock
  /// line's in a locked folder.
  package func goldenDigest(_ path: String) -> String? {
    guard GoldenLock.exists(in: snapshots) else {
      return Self.digest(ofFile: snapshots.appendingPathComponent(path).path)
    }
    return (try? GoldenLock.read(in: snapshots))??.entries[path]?.sha256
  }

  private func position(of path: String) -> Int? {
    plan.jobs.firstIndex { $0.relativePath == path }
  }

  private func verify(_ jobs: JobList) -> ReviewResult {
    var some = plan
    some.jobs = jobs
    let outcome = run(
      some, mode: .never, fingerprint: FingerprintUpdate(mode: .never, scope: .someGoldens),
      keyContext: nil, reviewing: ReviewImages(limits: limits, gate: gate))
    var result = ReviewResult(outcome)
    for failure in result.failures {
      result.goldenDigests[failure.path] = goldenDigest(failure.path)
    }
    return result
  }

  /// The one verify run both share: ``VerifyRun`` with the ``GoldenCheck`` in `mode`, no
  /// artifacts folder.
  private func run(
    _ plan: BatchPlan, mode: RecordMode, fingerprint: FingerprintUpdate, keyContext: KeyContext?,
    reviewing: ReviewImages? = nil
  ) -> VerifyRun.Outcome {
    // A locked folder is checked by its lock, its bytes from the store the environment names.
    let store =
      GoldenLock.exists(in: snapshots)
      ? GoldenStore(
        directory: snapshots, recordMode: mode, options: diff,
        lockingIn: blobs)
      : GoldenStore(directory: snapshots, recordMode: mode, options: diff)
    var run = VerifyRun(
      plan: plan, check: GoldenCheck(store: store, artifacts: nil),
      accept: AcceptCommand(manifest: manifestPath, snapshots: snapshotsPath), workers: workers,
      fontSet: fontSet, reporter: RunLog(next: nil),
      fingerprintUpdate: fingerprint, keyContext: keyContext)
    run.reviewing = reviewing
    // An unreadable fingerprint only leaves the goldens' fonts unexplained, as in `verify`.
    return run.run(recorded: (try? Fingerprint.read(in: snapshots)) ?? nil)
  }
}

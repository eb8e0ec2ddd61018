import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// Renders a plan and checks every image against its golden with the ``GoldenCheck``, on the
/// shared ``JobRunner``: the image is compared as a pixel buffer and encoded only to write a
/// golden (in a record mode) or a failure's artifacts. The fingerprint is settled once, after
/// the run, from ``Outcome/fingerprint``.
package struct VerifyRun {
  var plan: BatchPlan
  var check: GoldenCheck
  var accept: AcceptCommand
  var workers: Int
  /// The fonts every worker renders with.
  var fontSet: FontSet
  /// Told of every finished image.
  var reporter: any RunObserver
  /// What `fingerprint.json` is settled with: the record mode and whether the run checks every
  /// golden of the folder.
  var fingerprintUpdate: FingerprintUpdate
  /// What golden keys are computed with; nil keeps no keys (system fonts).
  var keyContext: KeyContext? = nil
  /// `--changed`: the record whose unchanged goldens are reported without rendering; nil
  /// checks every golden.
  var changedSince: GoldenKeyRecord? = nil
  /// The workbench's review: ``Outcome/failures`` keeps each failure's images as PNG bytes,
  /// within the review's limits (`verify` leaves them in the artifacts folder instead); nil
  /// keeps none.
  var reviewing: ReviewImages? = nil
  /// `--cache`: where `--changed` also finds goldens a writing runner saw match, and where
  /// this run records the goldens it saw match (unless read-only).
  var cache: RemoteCache? = nil

  package init(
    plan: BatchPlan, check: GoldenCheck, accept: AcceptCommand, workers: Int, fontSet: FontSet,
    reporter: any RunObserver, fingerprintUpdate: FingerprintUpdate,
    keyContext: KeyContext? = nil, changedSince: GoldenKeyRecord? = nil,
    cache: RemoteCache? = nil
  ) {
    self.plan = plan
    self.check = check
    self.accept = accept
    self.workers = workers
    self.fontSet = fontSet
    self.reporter = reporter
    self.fingerprintUpdate = fingerprintUpdate
    self.keyContext = keyContext
    self.changedSince = changedSince
    self.cache = cache
  }

  /// One checked image and the font files its render used (for the fingerprint).
  struct Checked: Sendable {
    var entry: VerificationEntry
    /// Only a failed check's images as files, with ``VerifyRun/reviewing``: the pixels of
    /// every check are let go as soon as its artifacts are written.
    var failure: ReviewFailure?
    /// What the check found; nil when it could not be done (the entry is then an error).
    var facts: GoldenCheckOutcome.Facts? = nil
    var fontFiles: [String]
    /// The job's golden key, when keys are kept.
    var key: String? = nil
    /// Whether the golden's key and file were unchanged, so nothing was rendered.
    var skipped = false
    /// For a golden skipped on the shared cache's word: the entry the local record learns.
    var passEntry: GoldenKeyRecord.Entry? = nil
  }

  package struct Outcome {
    /// Every planned image in job order, each with a status: one that could not be rendered,
    /// read or written is an ``GoldenVerdict/Status/error`` entry with the reason.
    package var entries: [VerificationEntry]
    /// What the renders and checks tell the fingerprint.
    package var fingerprint: FingerprintUpdate
    /// How many goldens have no layout record (compared by pixels only), said once.
    package var layoutRecordsMissing = 0
    /// Why each damaged layout record was not used, in job order.
    package var layoutRecordProblems: [String] = []
    /// Each checked golden's new record entry (nil: forget it): a key for a golden that
    /// matched or was recorded.
    package var keys: [String: GoldenKeyRecord.Entry?] = [:]
    /// Images rendered and checked; passed unchanged by the local key record
    /// (`--changed`); passed on the shared cache's word. As `render` says them.
    package var rendered = 0
    package var unchanged = 0
    package var fromCache = 0
    /// With ``VerifyRun/reviewing``: every failed check's images as files, in job order.
    var failures: [ReviewFailure] = []
  }

  /// - Parameter recorded: the snapshots folder's fingerprint as it was before the run; a
  ///   failing image whose golden's fonts are missing or differ here is ``GoldenVerdict/Status/fontsDiffer``.
  package func run(recorded: Fingerprint?) -> Outcome {
    let check = check
    let accept = accept
    let runner = JobRunner(jobs: plan.jobs, workers: workers, fontSet: fontSet, reporter: reporter)
    let context = keyContext
    let changedSince = changedSince
    let folder = check.store
    let diff = check.store.options
    let reviewing = reviewing
    let cache = cache
    // A locked folder's lock is written once, after every check.
    folder.beginLockBatch()
    let results = runner.run { job, renderer in
      let key = context.map {
        GoldenKeyRecord.key(of: job, in: $0, diff: diff, compare: check.compareMode)
      }
      if let key, let changedSince,
        let unchanged = Self.unchangedGolden(
          job, key: key, record: changedSince, in: folder, cache: cache)
      {
        return unchanged
      }
      let rendered = try JobRenderer.snapshot(of: job, with: renderer.get())
      // From here the render's fonts count for the fingerprint, whatever the golden does.
      do {
        let checked = try Self.checking(
          rendered, at: job.relativePath, in: folder, within: reviewing
        ) {
          let outcome = try check.check(rendered, at: job.relativePath, recorded: recorded)
          let entry = VerificationEntry(outcome, acceptCommand: accept.command(for: job.itemName))
          return Checked(
            entry: entry,
            failure: reviewing.flatMap {
              outcome.passed ? nil : ReviewFailure(entry: entry, outcome: outcome, images: $0)
            }, facts: outcome.facts, fontFiles: rendered.fontFiles, key: key)
        }
        if let cache, let pass = Self.keyEntry(of: checked, in: folder) {
          cache.storePass(goldenKey: pass.key, golden: pass.sha256)
        }
        return checked
      } catch {
        return Checked(
          entry: .error(job.relativePath, reason: "\(error)"), failure: nil,
          fontFiles: rendered.fontFiles)
      }
    }
    var lockProblem: String?
    do { try folder.endLockBatch() } catch { lockProblem = "\(error)" }
    var outcome = Outcome(entries: [], fingerprint: fingerprintUpdate)
    for (job, result) in zip(plan.jobs, results) {
      switch result {
      case .success(var checked):
        if let lockProblem, checked.entry.recorded {
          // Uploaded, but the lock does not name it: not recorded.
          checked = Checked(
            entry: .error(job.relativePath, reason: "not recorded: \(lockProblem)"),
            failure: nil, fontFiles: checked.fontFiles)
        }
        outcome.entries.append(checked.entry)
        if let pass = checked.passEntry { outcome.keys[job.relativePath] = pass }
        if checked.skipped {
          if checked.passEntry == nil { outcome.unchanged += 1 } else { outcome.fromCache += 1 }
          continue
        }
        outcome.rendered += 1
        outcome.keys[job.relativePath] = Self.keyEntry(of: checked, in: folder)
        if let facts = checked.facts {
          if let failed = checked.failure { outcome.failures.append(failed) }
          outcome.fingerprint.add(facts, fontFiles: checked.fontFiles)
          // A golden that does not exist has no record either; only those compared count.
          if facts.layoutRecordMissing && checked.entry.status != .missing {
            outcome.layoutRecordsMissing += 1
          }
          if let problem = facts.layoutRecordProblem {
            outcome.layoutRecordProblems.append(problem)
          }
        } else {
          outcome.fingerprint.addUnchecked(fontFiles: checked.fontFiles)
        }
      case .failure(let error):
        outcome.keys[job.relativePath] = .some(nil)
        outcome.entries.append(.error(job.relativePath, reason: error.description))
        outcome.fingerprint.failed = true
      }
    }
    return outcome
  }

  /// Runs one check: in a review, through its gate, weighed by the pixels the golden's header
  /// announces (decoded, and drawn again as the difference) and the render's, so a golden of
  /// any dimensions is decoded only while few enough pixels are.
  private static func checking(
    _ rendered: RenderedSnapshot, at path: String, in folder: GoldenStore,
    within review: ReviewImages?,
    _ body: () throws -> Checked
  ) throws -> Checked {
    guard let review else { return try body() }
    let golden =
      folder.lockedPixelSize(ofGolden: path)
      ?? ReviewImages.pngSize(atPath: folder.directory.appendingPathComponent(path).path)
    let render = rendered.pixelCount
    return try review.gate.withPixels(2 * (golden.map { $0.width * $0.height } ?? 0) + render) {
      try body()
    }
  }

  /// The key record's entry for a checked golden: its key and the golden file's hash when the
  /// render matched it or was recorded as it; else nil (the golden must be checked again).
  private static func keyEntry(of checked: Checked, in folder: GoldenStore)
    -> GoldenKeyRecord.Entry?
  {
    guard let key = checked.key, checked.entry.status == .match || checked.entry.recorded,
      let hash = GoldenKeyRecord.hash(ofGolden: checked.entry.path, in: folder)
    else { return nil }
    return GoldenKeyRecord.Entry(key: key, sha256: hash)
  }
}

import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// Renders a plan and checks every image against its golden with the ``GoldenCheck``, on the
/// shared ``JobRunner``: the image is compared as a pixel buffer and encoded only to write a
/// golden (in a record mode) or a failure's artifacts. The fingerprint is settled once, after
/// the run, from ``Outcome/fingerprint``.
struct VerifyRun {
  var plan: BatchPlan
  var check: GoldenCheck
  var accept: AcceptCommand
  var workers: Int
  /// The fonts every worker renders with.
  var fontSet: FontSet
  var reporter: ProgressReporter
  /// What `fingerprint.json` is settled with: the record mode and whether the run checks every
  /// golden of the folder.
  var fingerprintUpdate: FingerprintUpdate

  /// One checked image and the font files its render used (for the fingerprint).
  struct Checked: Sendable {
    var entry: VerificationEntry
    /// Nil when the check itself could not be done (the entry is then an error).
    var outcome: GoldenCheckOutcome?
    var fontFiles: [String]
  }

  struct Outcome {
    /// Every planned image in job order, each with a status: one that could not be rendered,
    /// read or written is an ``GoldenStatus/error`` entry with the reason.
    var entries: [VerificationEntry]
    /// What the renders and checks tell the fingerprint.
    var fingerprint: FingerprintUpdate
    /// How many goldens have no layout record (compared by pixels only), said once.
    var layoutRecordsMissing = 0
  }

  /// - Parameter recorded: the snapshots folder's fingerprint as it was before the run; a
  ///   failing image whose golden's fonts are missing or differ here is ``GoldenStatus/fontsDiffer``.
  func run(recorded: Fingerprint?) -> Outcome {
    let check = check
    let accept = accept
    let runner = JobRunner(jobs: plan.jobs, workers: workers, fontSet: fontSet, reporter: reporter)
    let results = runner.run { job, renderer in
      let rendered = try Self.render(job, renderer)
      // From here the render's fonts count for the fingerprint, whatever the golden does.
      do {
        let outcome = try check.check(rendered, at: job.relativePath, recorded: recorded)
        return Checked(
          entry: VerificationEntry(outcome, acceptCommand: accept.command(for: job.itemName)),
          outcome: outcome, fontFiles: rendered.fontFiles)
      } catch {
        return Checked(
          entry: .error(job.relativePath, reason: "\(error)"), outcome: nil,
          fontFiles: rendered.fontFiles)
      }
    }
    var outcome = Outcome(entries: [], fingerprint: fingerprintUpdate)
    for (job, result) in zip(plan.jobs, results) {
      switch result {
      case .success(let checked):
        outcome.entries.append(checked.entry)
        if let checkOutcome = checked.outcome {
          outcome.fingerprint.add(checkOutcome, fontFiles: checked.fontFiles)
          if checkOutcome.layoutRecordMissing { outcome.layoutRecordsMissing += 1 }
        } else {
          outcome.fingerprint.addUnchecked(fontFiles: checked.fontFiles)
        }
      case .failure(let error):
        outcome.entries.append(.error(job.relativePath, reason: error.description))
        outcome.fingerprint.failed = true
      }
    }
    return outcome
  }

  /// A job's render as verify compares it: a still's image, an animation with its frames.
  private static func render(_ job: RenderJob, _ renderer: Renderer) throws -> RenderedSnapshot {
    if let direction = job.state.direction {
      let animation = try renderer.renderAnimation(
        job.component, options: job.options, direction: direction, keepingFrames: true)
      return RenderedSnapshot(animation, by: renderer)
    }
    return RenderedSnapshot(try renderer.render(job.component, options: job.options), by: renderer)
  }
}

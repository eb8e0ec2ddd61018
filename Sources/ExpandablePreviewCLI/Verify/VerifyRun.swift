import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// Renders a plan and checks every image against its golden, on the shared ``JobRunner``:
/// the image is compared as a pixel buffer and encoded only to write a golden (in a record
/// mode) or a failure's artifacts.
struct VerifyRun {
  var plan: BatchPlan
  var store: GoldenStore
  var artifacts: ArtifactsFolder
  var accept: AcceptCommand
  /// Why a missing golden was not written, added to its summary
  /// (``RecordMode/notRecordedNote(modeInWords:)``).
  var notRecordedNote: String
  var workers: Int
  /// The fonts every worker renders with.
  var fontSet: FontSet
  var reporter: ProgressReporter

  /// One checked image and the font files its render used (for the fingerprint).
  struct Checked: Sendable {
    var entry: VerificationEntry
    var fontFiles: [String]
  }

  struct Outcome {
    /// Every planned image in job order, each with a status: one that could not be rendered,
    /// read or written is an ``GoldenStatus/error`` entry with the reason.
    var entries: [VerificationEntry]
    /// Every font file the renders used.
    var fontFiles: Set<String>
    /// The font files each checked golden's render used, by golden path.
    var goldenFonts: [String: [String]] = [:]
    /// The goldens this run wrote.
    var recordedGoldens: Set<String> = []
  }

  /// - Parameter recorded: the snapshots folder's fingerprint as it was before the run; a
  ///   failing image whose golden's fonts are missing or differ here is ``GoldenStatus/fontsDiffer``.
  func run(recorded: Fingerprint?) -> Outcome {
    let store = store
    let artifacts = artifacts
    let accept = accept
    let notRecordedNote = notRecordedNote
    let runner = JobRunner(jobs: plan.jobs, workers: workers, fontSet: fontSet, reporter: reporter)
    let results = runner.run { job, renderer in
      let rendered = try Rendered(job, renderer)
      // From here the render's fonts count for the fingerprint, whatever the golden does.
      var entry: VerificationEntry
      do {
        var comparison =
          switch rendered.content {
          case .still(let image): try store.check(image, at: job.relativePath)
          case .animation(let animation): try store.check(animation, at: job.relativePath)
          }
        if !comparison.passed {
          comparison = comparison.explained(
            byFonts: try GoldenFontCheck.differences(
              golden: job.relativePath, recorded: recorded, usedNow: rendered.fontFiles,
              available: renderer.pinnedFontFiles))
        }
        entry = Self.entry(
          for: comparison, artifacts: artifacts, acceptCommand: accept.command(for: job.itemName))
        if comparison.status == .missing && !comparison.recorded {
          entry.summary += "; \(notRecordedNote)"
        }
      } catch {
        entry = .error(job.relativePath, reason: "\(error)")
      }
      return Checked(entry: entry, fontFiles: rendered.fontFiles)
    }
    var outcome = Outcome(entries: [], fontFiles: [])
    for (job, result) in zip(plan.jobs, results) {
      switch result {
      case .success(let checked):
        outcome.entries.append(checked.entry)
        outcome.fontFiles.formUnion(checked.fontFiles)
        if checked.entry.status != .error {
          outcome.goldenFonts[checked.entry.path] = checked.fontFiles
        }
        if checked.entry.recorded { outcome.recordedGoldens.insert(checked.entry.path) }
      case .failure(let error):
        outcome.entries.append(.error(job.relativePath, reason: error.description))
      }
    }
    return outcome
  }

  /// A job's render as verify compares it: a still's image, an animation with its frames.
  private struct Rendered {
    enum Content {
      case still(Image)
      case animation(AnimationRenderResult)
    }
    var content: Content
    var fontFiles: [String]

    init(_ job: RenderJob, _ renderer: Renderer) throws {
      if let direction = job.state.direction {
        let animation = try renderer.renderAnimation(
          job.component, options: job.options, direction: direction, keepingFrames: true)
        content = .animation(animation)
        fontFiles = animation.fontFiles
      } else {
        let still = try renderer.render(job.component, options: job.options)
        content = .still(still.image)
        fontFiles = still.fontFiles
      }
    }
  }

  /// The report entry of a check, with its artifacts; artifacts that cannot be written are
  /// named in the summary and do not hide the comparison's status.
  private static func entry(
    for comparison: GoldenComparison, artifacts: ArtifactsFolder, acceptCommand: String
  ) -> VerificationEntry {
    do {
      let files = try artifacts.write(comparison)
      return VerificationEntry(comparison, artifacts: files, acceptCommand: acceptCommand)
    } catch {
      var entry = VerificationEntry(comparison, acceptCommand: acceptCommand)
      entry.summary += "; \(error)"
      return entry
    }
  }
}

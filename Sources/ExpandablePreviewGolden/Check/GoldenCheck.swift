import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// The golden check every front-end runs (`assertSnapshot`, `verify`): compares a render with
/// its golden (recording it in the store's mode), explains a failure by the fonts, leaves the
/// failure's artifacts (or removes a passing image's stale ones), and settles the folder's
/// fingerprint, returning a ``GoldenCheckOutcome`` that the front-end only formats.
public struct GoldenCheck: Sendable {
  /// Guards the snapshots folders' `fingerprint.json` files against checks running in parallel
  /// in one process (tests).
  private static let fingerprintLock = Locked<Void>(())

  /// The goldens, the record mode and the diff options.
  public let store: GoldenStore
  /// Where failures leave their actual, expected and diff images; nil leaves them in the
  /// outcome only (``GoldenComparison/expectedFileBytes()`` and the others: the workbench's
  /// review shows them from memory).
  public let artifacts: ArtifactsFolder?
  /// The record mode as messages name it.
  public let recordModeInWords: String
  /// What decides a pass: pixels, the layout record, or pixels explained by the layout.
  public let compareMode: CompareMode

  /// - Parameters:
  ///   - store: the goldens, their record mode and diff options.
  ///   - artifacts: where failures leave their images; nil keeps them in the outcome only.
  ///   - recordModeInWords: the mode with the reason it was chosen
  ///     (``RecordMode/explained(_:environment:)``); the bare mode when nil.
  ///   - compare: what decides a pass.
  public init(
    store: GoldenStore, artifacts: ArtifactsFolder?, recordModeInWords: String? = nil,
    compare: CompareMode = .both
  ) {
    self.store = store
    self.artifacts = artifacts
    self.recordModeInWords = recordModeInWords ?? store.recordMode.description
    self.compareMode = compare
  }

  /// Checks one render of a run whose caller settles the fingerprint once at the end (add the
  /// outcome to a ``FingerprintUpdate``).
  ///
  /// - Parameters:
  ///   - snapshot: the render to check.
  ///   - path: the golden's path relative to the snapshots folder.
  ///   - recorded: the folder's fingerprint as it was before the run: a failure whose
  ///     golden's fonts are missing or differ here is explained by them.
  /// - Throws: ``GoldenStoreError`` when the path leaves the folder or the golden cannot be
  ///   written.
  public func check(_ snapshot: RenderedSnapshot, at path: String, recorded: Fingerprint?) throws
    -> GoldenCheckOutcome
  {
    let layout = try LayoutCheck(snapshot, at: path, in: store, recorded: recorded)
    let comparison = try compare(snapshot, at: path, layout: layout)
    return leavingArtifacts(
      try layout.settled(try judge(comparison, of: snapshot, recorded: recorded, layout: layout)))
  }

  /// Checks one render and settles the folder's fingerprint right away (`assertSnapshot`: each
  /// check is a run of its own); the outcome carries the fingerprint's differences when it
  /// failed.
  ///
  /// - Throws: ``GoldenStoreError`` as ``check(_:at:recorded:)``, or when the fingerprint
  ///   cannot be read or written.
  public func checkSettlingFingerprint(_ snapshot: RenderedSnapshot, at path: String) throws
    -> GoldenCheckOutcome
  {
    // An unreadable fingerprint explains nothing; settling it reports it.
    let recorded = Self.fingerprintLock.withLock { _ in
      (try? Fingerprint.read(in: store.directory)) ?? nil
    }
    let layout = try LayoutCheck(snapshot, at: path, in: store, recorded: recorded)
    let comparison = try compare(snapshot, at: path, layout: layout)
    let outcome = try Self.fingerprintLock.withLock { _ in
      var outcome = try layout.settled(
        try judge(comparison, of: snapshot, recorded: recorded, layout: layout))
      var update = FingerprintUpdate(mode: store.recordMode, scope: .someGoldens)
      update.add(outcome, fontFiles: snapshot.fontFiles)
      outcome.fingerprintDifferences = try Fingerprint.settle(update, in: store.directory)
      return outcome
    }
    return leavingArtifacts(outcome)
  }

  /// The compare step: pixels (frame by frame for an animation), recording in the store's mode.
  /// Under `--compare layout` a layout equal to the golden's record lets a pixel difference
  /// pass, and a layout that differs fails an image whose pixels match.
  private func compare(_ snapshot: RenderedSnapshot, at path: String, layout: LayoutCheck)
    throws -> GoldenComparison
  {
    let tolerating = compareMode == .layout && layout.sameLayout == true
    let comparison = try store.check(
      snapshot.comparable(at: path), at: path, toleratingPixels: tolerating)
    guard compareMode == .layout, layout.sameLayout == false, comparison.status == .match,
      !comparison.recorded
    else { return comparison }
    // The golden's pixels stay (they match); a record mode that rewrites failures rewrites
    // the record.
    var failing = comparison
    failing.verdict =
      store.recordMode.writes(.mismatch, pixelsIdentical: true)
      ? .recorded(.replaced(.layout)) : .differs(.layout, GoldenExplanation())
    return failing
  }

  /// The explain step: a difference not recorded over is explained by the golden's fonts when
  /// they are missing or differ on this machine, and by the layout record (unless comparing
  /// pixels alone).
  private func judge(
    _ comparison: GoldenComparison, of snapshot: RenderedSnapshot, recorded: Fingerprint?,
    layout: LayoutCheck
  ) throws -> GoldenCheckOutcome {
    var comparison = comparison
    switch comparison.verdict {
    case .differs, .sameLayout:
      var explanation = GoldenExplanation()
      explanation.fontDifferences = try GoldenFontCheck.differences(
        golden: comparison.path, recorded: recorded, usedNow: snapshot.fontFiles,
        available: snapshot.availableFontFiles)
      if compareMode != .pixels { explanation.layout = layout.explanation }
      comparison.verdict = comparison.verdict.explained(by: explanation)
    case .recorded(.replaced) where compareMode != .pixels:
      // The record about to be replaced explains what the re-record changed.
      var outcome = GoldenCheckOutcome(comparison, recordModeInWords: recordModeInWords)
      switch layout.explanation {
      case .changed?, .same?: outcome.replacedLayout = layout.explanation
      default: break
      }
      return outcome
    default: break
    }
    return GoldenCheckOutcome(comparison, recordModeInWords: recordModeInWords)
  }

  /// The artifacts step: a failure's files are written (a write that fails is said in the
  /// outcome, whose verdict stands); a pass removes what an earlier failure left.
  private func leavingArtifacts(_ outcome: GoldenCheckOutcome) -> GoldenCheckOutcome {
    guard let artifacts else { return outcome }
    guard !outcome.passed else {
      artifacts.removeFiles(of: outcome.path)
      return outcome
    }
    var outcome = outcome
    do {
      outcome.artifacts = try artifacts.write(outcome.comparison)
    } catch {
      outcome.artifactsProblem = "\(error)"
    }
    return outcome
  }
}

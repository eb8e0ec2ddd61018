import ExpandablePreview
import Foundation

/// The layout side of one golden check: the golden's layout record as read before the check,
/// the new render's, what their comparison says, and writing the record when the golden is
/// written (or when a mode that rewrites failures finds it missing or stale).
struct LayoutCheck {
  /// The golden's record as it was found.
  enum Found {
    case absent
    case record(LayoutRecord, Data)
    case unreadable(String)
  }

  let store: GoldenStore
  let recordPath: String
  let found: Found
  /// The new render's record; nil when its layout is not known (an image from anywhere).
  let new: LayoutRecord?
  /// The folder's fingerprint before the check: it holds the font hashes a locked folder's
  /// records leave out.
  let recorded: Fingerprint?

  init(
    _ snapshot: RenderedSnapshot, at goldenPath: String, in store: GoldenStore,
    recorded: Fingerprint?
  ) throws {
    self.store = store
    self.recorded = recorded
    recordPath = LayoutRecord.path(forGolden: goldenPath)
    new = try snapshot.layoutRecord()
    let file = try store.url(for: recordPath)
    switch GoldenFile.read(file, maxBytes: LayoutRecord.maxBytes) {
    case .absent: found = .absent
    case .unreadable(let reason): found = .unreadable(reason)
    case .bytes(let data):
      do {
        found = .record(try LayoutRecord(jsonData: data).fillingFontHashes(from: recorded), data)
      } catch {
        // A damaged record counts as none: the check goes on, saying why in plain words.
        found = .unreadable("\(file.path): \(error)")
      }
    }
  }

  /// Whether the new layout equals the recorded one; nil when either is unknown.
  var sameLayout: Bool? {
    guard case .record(let old, _) = found, let new else { return nil }
    return old.sameLayout(as: new)
  }

  /// What the record says of a difference; nil when the render's layout is not known.
  var explanation: LayoutExplanation? {
    guard let new else { return nil }
    switch found {
    case .absent: return .noRecord
    case .unreadable(let reason): return .unreadableRecord(reason)
    case .record(let old, _):
      let changes = old.changes(to: new)
      guard changes.isEmpty else { return .changed(changes) }
      let libraries = zip(old.libraries.named, new.libraries.named).filter {
        $0.0.version != $0.1.version
      }
      return .same(
        libraryDifferences: libraries.map { "\($0.0.name) \($0.0.version) → \($0.1.version)" })
    }
  }

  /// `outcome` with the record written as the mode asks: always with the golden; in modes
  /// `failed` and `all` also when the golden stays but its record is missing, unreadable or of
  /// another layout. A record already holding these bytes is not rewritten.
  ///
  /// - Throws: ``GoldenStoreError`` when the record cannot be written.
  func settled(_ outcome: GoldenCheckOutcome) throws -> GoldenCheckOutcome {
    var outcome = outcome
    guard let new else { return outcome }
    if case .absent = found { outcome.layoutRecordMissing = true }
    if case .unreadable(let reason) = found { outcome.layoutRecordProblem = reason }
    let mode = store.recordMode
    let heals =
      (mode == .failed || mode == .all) && outcome.comparison.status != .missing
      && outcome.comparison.status != .error
    let stale: Bool
    switch found {
    case .absent, .unreadable: stale = true
    case .record(let old, _): stale = !old.sameLayout(as: new)
    }
    guard outcome.recorded || (heals && stale) else { return outcome }
    // A locked folder keeps goldens in Git as lines: its records are compact too, and leave
    // out the font hashes its fingerprint holds. A golden recorded now gives the fingerprint
    // this run's fonts when the run settles it; a record rewritten alone, the ones it names.
    let data: Data
    if store.isLocked {
      let kept =
        outcome.recorded ? new.withoutFontHashes : new.leavingOutFontHashes(namedBy: recorded)
      data = try kept.compactJSONData()
    } else {
      data = try new.jsonData()
    }
    if case .record(_, let bytes) = found, bytes == data { return outcome }
    try store.write(data, to: try store.url(for: recordPath))
    outcome.layoutRecordWritten = true
    if outcome.layoutRecordMissing { outcome.layoutRecordMissing = false }
    outcome.layoutRecordProblem = nil
    return outcome
  }
}

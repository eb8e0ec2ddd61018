import ExpandablePreviewGolden
import Foundation

/// A reviewer's decisions on the failing images of a verify run, as the workbench's review page
/// makes them: approve (record an image as it renders now as its golden, into a folder of
/// images or a `goldens.lock` and its golden store, as `verify --record failed` does), reject
/// with a note (kept in the run's artifacts folder, so the next verify there says "rejected by
/// reviewer: NOTE" on the entry), and undo the newest decision. Made by
/// ``VerifyOutcome/review(continuing:)``.
///
/// An approve is refused, writing nothing, unless the run listed every image named as failing
/// and approvable, and while the manifest, one of its text files or the golden changed since the
/// review read them (it would record an image the run never judged).
public struct VerifyReview: Sendable {
  /// One failing image the run listed.
  private struct Listed: Sendable {
    var path: String
    var summary: String
    var canApprove: Bool
  }

  /// The decisions ``undo()`` can take back, oldest first.
  public private(set) var decisions: [ReviewDecision] = []
  /// Renders and records one golden of the run's manifest; nil before a run was listed.
  private var checker: GoldenReview?
  /// The failing images in the run's order.
  private var listed: [Listed] = []
  /// Where each golden of the whole run's list stood, to put it back there after an undo.
  private var order: [String: Int] = [:]
  /// Each listed golden's SHA-256 when listed (nil: absent), which an approve compares with the
  /// file then.
  private var goldenAtRun: [String: String?] = [:]
  /// The rejections kept in the artifacts folder; nil without one.
  private var notes: ReviewNotes?

  /// A review with nothing listed yet, keeping rejections in `artifacts` (nil: none kept).
  package init(artifacts: String?) {
    notes = artifacts.map { ReviewNotes(artifacts: $0) }
  }

  /// A review keeping rejections in `artifacts`, with `earlier`'s decisions still undoable.
  init(artifacts: String?, continuing earlier: VerifyReview?) {
    self.init(artifacts: artifacts)
    decisions = earlier?.decisions ?? []
  }

  /// The failing images the run listed (less those approved since), in the report's order.
  public var failing: [String] { listed.map(\.path) }

  /// The note of the rejected image at `path` ("" without one); nil when it is not rejected.
  public func rejection(of path: String) -> String? { notes?.note(for: path) }

  /// Where rejections are kept (`review-rejections.json` in the artifacts folder); nil when
  /// the run had no artifacts folder.
  public var rejectionsFile: String? { notes?.file }

  /// Approves the images at `paths`: each is rendered again and recorded as its golden, as
  /// `verify --record failed` does, then checked again (it leaves ``failing``). A rejected image
  /// named here is the reviewer's own decision: it is approved and its rejection forgotten
  /// (``undo()`` brings it back).
  ///
  /// - Returns: the decision, also kept for ``undo()``. Its ``ReviewDecision/problem`` says
  ///   why an image after the first could not be approved (those before it stay approved).
  /// - Throws: ``EngineError``, writing nothing, when an image is not listed as failing or
  ///   cannot be approved, the inputs or the golden changed since the review read them, or the
  ///   first image could not be recorded.
  @discardableResult
  public mutating func approve(_ paths: [String]) throws(EngineError) -> ReviewDecision {
    try approve(paths, leavingOutRejected: false) { _, _ in }
  }

  /// Approves every failing image that can be approved (or those of `paths`), as
  /// ``approve(_:)``, leaving out those a reviewer rejected: ``ReviewDecision/leftOut`` names
  /// them and its description counts them.
  ///
  /// - Throws: ``EngineError`` as ``approve(_:)``, and when every image named is rejected.
  @discardableResult
  public mutating func approveAll(_ paths: [String]? = nil) throws(EngineError) -> ReviewDecision {
    let named = paths ?? listed.filter(\.canApprove).map(\.path)
    return try approve(named, leavingOutRejected: true) { _, _ in }
  }

  /// Rejects the failing image at `path` with `note`, kept in the artifacts folder: the next
  /// verify there says "rejected by reviewer: NOTE" on its entry, and ``approveAll(_:)``
  /// leaves it out. Writes no golden.
  ///
  /// - Throws: ``EngineError`` when the run does not list `path` as failing, has no artifacts
  ///   folder, or the record cannot be written.
  @discardableResult
  public mutating func reject(_ path: String, note: String) throws(EngineError) -> ReviewDecision {
    guard let failure = listed.first(where: { $0.path == path }) else {
      throw EngineError(
        "\(path) is not among the images the current verify run lists as failing")
    }
    guard var notes else {
      throw EngineError(
        "cannot keep the rejection of \(path): the verify run had no artifacts folder "
          + "(VerifyRequest.artifacts)")
    }
    let before = notes.keep([path])
    try notes.reject(path, note: note, summary: failure.summary)
    self.notes = notes
    let decision = ReviewDecision(
      kind: .reject, paths: [path], leftOut: [], problem: nil, goldens: [], rejections: before)
    decisions.append(decision)
    return decision
  }

  /// Takes back the newest decision: an approve's files as they were (and the rejections it
  /// forgot), or a reject's note as it was; each golden is checked again.
  ///
  /// - Returns: the decision taken back; nil when there is none.
  /// - Throws: ``EngineError`` naming each file that could not be put back (the decision is
  ///   taken back all the same: nothing else can undo it).
  @discardableResult
  public mutating func undo() throws(EngineError) -> ReviewDecision? {
    try undo { _, _ in }
  }

  /// Why `path` may not be approved; nil when the current run listed it as failing and
  /// `verify --record failed` would write it.
  package func refusal(toApprove path: String) -> String? {
    guard let failure = listed.first(where: { $0.path == path }) else {
      return "\(path) is not among the images the current verify run lists as failing; "
        + "nothing was written"
    }
    guard failure.canApprove else {
      return "\(path) cannot be approved: \(failure.summary)"
    }
    return nil
  }

  /// ``approveAll(_:)`` (`leavingOutRejected`) or ``approve(_:)``, calling `rechecked` with
  /// each golden's check after it was written (the workbench shows it).
  package mutating func approve(
    _ named: [String], leavingOutRejected: Bool,
    rechecked: (String, ReviewResult?) -> Void
  ) throws(EngineError) -> ReviewDecision {
    var seen = Set<String>()
    let named = named.filter { seen.insert($0).inserted }
    let leftOut = leavingOutRejected ? named.filter { rejection(of: $0) != nil } : []
    let paths = named.filter { !leftOut.contains($0) }
    if paths.isEmpty {
      let words = ReviewDecision.leftOutWords(leftOut) ?? "no image was named"
      throw EngineError("Nothing was written: \(words)")
    }
    if let refusal = paths.lazy.compactMap(refusal(toApprove:)).first {
      throw EngineError(refusal)
    }
    guard let checker else { throw EngineError("no verify run yet") }
    let rejections = notes?.keep(paths) ?? .none
    var backups: [GoldenBackup] = []
    var problem: String?
    for path in paths {
      do {
        backups.append(try checker.approve(path, goldenAtRun: goldenAtRun[path] ?? nil))
      } catch {
        problem = "\(path): \(error)"
        break
      }
      recheck(path, rechecked)
      // An approved image is no longer rejected (the undo brings the rejection back).
      do { try notes?.forget(path) } catch { problem = "\(error)" }
    }
    // Those written before a failure stay approved, and undoable together.
    if backups.isEmpty, let problem { throw EngineError(problem) }
    let decision = ReviewDecision(
      kind: .approve, paths: backups.map(\.golden), leftOut: leftOut, problem: problem,
      goldens: backups, rejections: rejections)
    decisions.append(decision)
    return decision
  }

  /// ``undo()``, calling `rechecked` with each golden's check after it was put back.
  package mutating func undo(
    rechecked: (String, ReviewResult?) -> Void
  ) throws(EngineError) -> ReviewDecision? {
    guard let decision = decisions.popLast() else { return nil }
    var problems: [String] = []
    for backup in decision.goldens.reversed() {
      do { try backup.restore() } catch { problems.append("\(error)") }
      recheck(backup.golden, rechecked)
    }
    if var notes {
      do { try notes.restore(decision.rejections) } catch { problems.append("\(error)") }
      self.notes = notes
    }
    if !problems.isEmpty { throw EngineError(lines: problems) }
    return decision
  }

  /// Lists a new run's failures in place of the last ones, judged by `checker` from now on;
  /// earlier decisions stay undoable. The rejections are read again.
  ///
  /// - Throws: when the rejections cannot be read (they are then none), naming the file.
  package mutating func show(_ result: ReviewResult, checkedBy checker: GoldenReview)
    throws(EngineError)
  {
    self.checker = checker
    listed = result.failures.map {
      Listed(path: $0.path, summary: $0.summary, canApprove: $0.canApprove)
    }
    goldenAtRun = result.goldenDigests
    order = Dictionary(
      result.failures.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
    try notes?.reload()
  }

  /// Lists a verify outcome's failing images (``VerifyOutcome/imageEntries``), each golden's
  /// digest taken now.
  mutating func show(_ entries: [VerificationEntry], checkedBy checker: GoldenReview)
    throws(EngineError)
  {
    self.checker = checker
    let failures = entries.filter { $0.status.isFailure && !$0.recorded }
    listed = failures.map {
      // Only a failure a record mode can fix carries an accept line.
      Listed(path: $0.path, summary: $0.summary, canApprove: $0.acceptCommand != nil)
    }
    goldenAtRun = Dictionary(
      failures.map { ($0.path, checker.goldenDigest($0.path)) }, uniquingKeysWith: { a, _ in a })
    order = Dictionary(
      failures.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
    try notes?.reload()
  }

  /// Checks the golden at `path` again, so an approved image leaves the list and an undone one
  /// takes its place back.
  private mutating func recheck(_ path: String, _ rechecked: (String, ReviewResult?) -> Void) {
    let result = checker?.verify(path: path)
    if let result { update(path, with: result) }
    rechecked(path, result)
  }

  private mutating func update(_ path: String, with result: ReviewResult) {
    let index = listed.firstIndex { $0.path == path }
    goldenAtRun[path] = result.goldenDigests[path] ?? nil
    guard let failure = result.failures.first(where: { $0.path == path }) else {
      if let index { listed.remove(at: index) }
      return
    }
    let now = Listed(path: path, summary: failure.summary, canApprove: failure.canApprove)
    if let index {
      listed[index] = now
      return
    }
    let rank = order[path] ?? Int.max
    let place = listed.firstIndex { (order[$0.path] ?? Int.max) > rank }
    listed.insert(now, at: place ?? listed.endIndex)
  }
}

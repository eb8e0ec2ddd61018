import ExpandablePreview

/// What a run of golden checks tells a snapshots folder's `fingerprint.json`: the value
/// ``Fingerprint/settle(_:in:)`` takes. Collect it check by check with ``add(_:fontFiles:)-(GoldenCheckOutcome,_)``.
public struct FingerprintUpdate: Sendable {
  /// Which of the folder's goldens the run checked.
  public enum Scope: Sendable {
    /// Every golden the folder should hold.
    case everyGolden
    /// Only some (`--only`, `--shard`, or one `assertSnapshot`): fonts only the others used
    /// are not a difference.
    case someGoldens
  }

  /// The run's record mode: what it may write into the fingerprint.
  public var mode: RecordMode
  /// Whether the run checked every golden of the folder or only some.
  public var scope: Scope
  /// Every font file the run's renders used.
  public private(set) var fontFiles: Set<String> = []
  /// For each golden checked, the font files its render used.
  public private(set) var goldenFonts: [String: [String]] = [:]
  /// The goldens the run wrote: they take this run's fonts.
  public private(set) var recordedGoldens: Set<String> = []
  /// Whether anything in the run failed (an image, or the run's own upkeep).
  public var failed = false

  /// An empty update of a run in `mode` that checks `scope`.
  public init(mode: RecordMode, scope: Scope) {
    self.mode = mode
    self.scope = scope
  }

  /// Adds a check's outcome and the font files its render used.
  public mutating func add(_ outcome: GoldenCheckOutcome, fontFiles: [String]) {
    add(outcome.facts, fontFiles: fontFiles)
  }

  /// Adds a checked render by what its check found (``GoldenCheckOutcome/facts``).
  public mutating func add(_ facts: GoldenCheckOutcome.Facts, fontFiles: [String]) {
    self.fontFiles.formUnion(fontFiles)
    // An unreadable golden says nothing about the fonts it was recorded with.
    if facts.verdict.status != .error { goldenFonts[facts.path] = fontFiles }
    if facts.verdict.recorded { recordedGoldens.insert(facts.path) }
    if !facts.verdict.passed { failed = true }
  }

  /// Adds a render whose check could not be done: its fonts count, and the run failed.
  public mutating func addUnchecked(fontFiles: [String]) {
    self.fontFiles.formUnion(fontFiles)
    failed = true
  }

  /// Whether the run wrote any golden.
  public var anyRecorded: Bool { !recordedGoldens.isEmpty }
}

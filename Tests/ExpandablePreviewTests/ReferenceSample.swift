import Foundation

/// How many cases of each brute-force reference suite a run checks, and from which seed: the
/// one place `TruncationReferenceTests`, `PaintedFormsTruncationTests`,
/// `MarkdownTruncationReferenceTests` and `BoundedPrefixReferenceTests` take them from.
///
/// - `EXPANDABLE_PREVIEW_REFERENCE_SCALE`: the share of each suite's full count; 0.2 unless
///   set: the per-push sample (`Scripts/test.sh`); `Scripts/test.sh --long` sets 1, and more
///   than 1 checks more cases than the full count.
/// - `EXPANDABLE_PREVIEW_REFERENCE_SEED`: 0 unless set, each suite's own seed (the cases every
///   run has checked, and the remembered ones a suite names always run); any other value is
///   mixed into each suite's seed, which draws new cases (`--long` uses the UTC date).
///
/// A failing suite names both values in its message, so the run can be replayed.
enum ReferenceSample {
  static let scale: Double = {
    let text = ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_REFERENCE_SCALE"] ?? "0.2"
    guard let value = Double(text), value > 0, value.isFinite else {
      fatalError("EXPANDABLE_PREVIEW_REFERENCE_SCALE is '\(text)': a number above 0 is needed")
    }
    return value
  }()

  static let runSeed: UInt64 = {
    let text = ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_REFERENCE_SEED"] ?? "0"
    guard let value = UInt64(text) else {
      fatalError("EXPANDABLE_PREVIEW_REFERENCE_SEED is '\(text)': a whole number ≥ 0 is needed")
    }
    return value
  }()

  /// The seed a suite whose own seed is `base` uses in this run.
  static func seed(_ base: UInt64) -> UInt64 {
    runSeed == 0 ? base : base &+ runSeed &* 0x9E37_79B9_7F4A_7C15
  }

  /// How many of `full` cases (a batch, or a whole suite) this run checks: at least one.
  static func count(_ full: Int) -> Int {
    max(1, Int((Double(full) * scale).rounded(.up)))
  }

  /// Whether case `index` of a suite of `full` cases is checked: the first ``count(_:)``, and
  /// the `remembered` cases (indices that once failed with the suite's own seed) as long as
  /// that seed is the one in use.
  static func checks(_ index: Int, of full: Int, remembered: Set<Int> = []) -> Bool {
    index < count(full) || (runSeed == 0 && remembered.contains(index))
  }

  /// The environment and command that run `suite` again with these cases.
  static func replay(_ suite: String) -> String {
    "replay: EXPANDABLE_PREVIEW_REFERENCE_SEED=\(runSeed) EXPANDABLE_PREVIEW_REFERENCE_SCALE="
      + "\(scale) swift test --no-parallel --filter \(suite)"
  }
}

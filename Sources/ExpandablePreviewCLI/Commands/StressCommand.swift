@_spi(Benchmark) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview stress`: many renders of random valid inputs on all cores, each checked
/// against the layout invariants, with memory sampled along the way.
struct StressCommand {
  static let help = """
    USAGE: expandable-preview stress [--components N] [--jobs N] [--seed S]

    Renders N random valid components, each collapsed and expanded (2 × N renders), checks every
    layout invariant the fuzzer checks, and prints resident memory every 10 % of the components.
    Exit code 0 when every component kept every invariant, 1 otherwise. The input of each
    failure is saved as stress-failure-SEED-INDEX in the current folder; replay it with
    `expandable-preview fuzz-replay FILE`.

    OPTIONS:
      --components N  How many random components (default 10000); each is rendered twice.
      --renders N     The former name of --components, kept for scripts: it counts components,
                      not renders.
      --jobs N        Worker threads, each with its own renderer (default: all cores).
      --seed S        Seed of the input generator (default 1); the same seed gives the same inputs.
    """

  /// How many components; each is rendered in both states.
  var components = 10_000
  var jobs = ProcessInfo.processInfo.activeProcessorCount
  var seed: UInt64 = 1

  init(arguments: inout ArgumentReader) throws(UsageError) {
    while let flag = arguments.next() {
      switch flag {
      case "--components", "--renders":
        components = try arguments.value(for: flag, as: "a positive number") {
          Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
      case "--jobs": jobs = try arguments.jobs(for: flag)
      case "--seed": seed = try arguments.value(for: flag, as: "a whole number") { UInt64($0) }
      default:
        throw UsageError.unknownOption(
          flag, command: "stress", known: HelpText.options(in: Self.help))
      }
    }
  }

  func run() -> Int32 {
    let progress = StressProgress(total: components)
    let start = Date()
    let components = self.components
    let jobs = self.jobs
    let seed = self.seed
    // The batch worker pool: one renderer per thread, each render wholly on its thread.
    WorkerPool.run(count: components, workers: jobs) { index, renderer in
      let bytes = LayoutFuzzInput.randomBytes(seed: seed, index: index)
      // The standard set with no added fonts: making a renderer cannot fail.
      guard case .success(let renderer) = renderer else { return }
      let outcome = LayoutInvariants.check(LayoutFuzzInput(bytes), renderer: renderer)
      if !outcome.problems.isEmpty {
        // Kept so the failure can be replayed: `expandable-preview fuzz-replay FILE`.
        try? AtomicFile.write(
          Data(bytes), to: URL(fileURLWithPath: "stress-failure-\(seed)-\(index)"))
      }
      progress.finish(index: index, problems: outcome.problems, layouts: outcome.collapsedLayouts)
    }
    let seconds = Date().timeIntervalSince(start)
    print(
      "stress: \(components) components, each collapsed and expanded (\(2 * components) renders), "
        + "on \(jobs) threads in " + String(format: "%.1f s", seconds) + "; "
        + "\(progress.failures) of the \(components) components broke an invariant; "
        + "at most \(progress.maxLayouts) layouts per collapsed render; "
        + "peak RSS \(ProcessMemory.peakResidentBytes / 1_048_576) MiB")
    return progress.failures == 0 ? 0 : 1
  }
}

/// Counts finished components across threads and reports memory every 10 %.
final class StressProgress: Sendable {
  private struct Tally {
    var done = 0
    var failures = 0
    var maxLayouts = 0
  }

  private let total: Int
  private let tally = Locked(Tally())

  init(total: Int) { self.total = total }

  var failures: Int { tally.withLock { $0.failures } }
  /// The most layouts any collapsed render made.
  var maxLayouts: Int { tally.withLock { $0.maxLayouts } }

  func finish(index: Int, problems: [String], layouts: Int) {
    tally.withLock { tally in
      tally.done += 1
      tally.maxLayouts = max(tally.maxLayouts, layouts)
      if !problems.isEmpty {
        tally.failures += 1
        standardError("stress: input \(index): \(problems.joined(separator: "; "))")
      }
      if tally.done % max(1, total / 10) == 0 {
        print(
          "stress: \(tally.done)/\(total) components, RSS \(ProcessMemory.residentBytes / 1_048_576) MiB"
        )
      }
    }
  }
}

@_spi(Benchmark) import ExpandablePreview
import ExpandablePreviewCLI
import ExpandablePreviewEngine
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview-dev stress`: many renders of random valid inputs on all cores, each checked
/// against the layout invariants, with memory sampled along the way.
struct StressCommand {
  /// How `stress` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable,
    overview: """
      Render N random components in both states on all cores, checking invariants
      and memory (--renders N is an older name for --components N).
      """,
    details: """
      Renders N random valid components, each collapsed and expanded (2 × N renders), checks every
      layout invariant the fuzzer checks, and prints resident memory every 10 % of the components.
      Exit code 0 when every component kept every invariant, 1 otherwise. The input of each
      failure is saved as stress-failure-SEED-INDEX in the current folder; replay it with
      `expandable-preview-dev fuzz-replay FILE`.

      OPTIONS:
      \(optionTable.helpRows)
      """
  ).inDeveloperTool

  /// `stress --help`.
  static var help: String { form.help }

  /// How many components; each is rendered in both states.
  var components = 10_000
  var jobs = JobsOption.allCores
  var seed: UInt64 = 1

  static let optionTable: OptionTable<StressCommand> = {
    let start = StressCommand()
    let components = { (name: String, help: String) in
      CommandOption<StressCommand>.value(
        name, "N", \.components, expected: "a positive number", help: help,
        defaultValue: "\(start.components)", convert: positiveInteger)
    }
    return OptionTable(
      command: "stress",
      options: [
        components("--components", "How many random components; each is rendered twice."),
        components(
          "--renders",
          "The former name of --components, kept for scripts: it counts components, not renders."),
        JobsOption.option(\.jobs, help: "Worker threads, each with its own renderer."),
        .value(
          "--seed", "S", \.seed, expected: "a whole number",
          help: "Seed of the input generator; the same seed gives the same inputs.",
          defaultValue: "\(start.seed)", convert: { UInt64($0) }),
      ])
  }()

  private init() {}

  init(arguments: inout ArgumentReader) throws(UsageError) {
    try Self.optionTable.parse(&arguments, into: &self)
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
      guard let renderer = try? renderer.get() else { return }
      let outcome = LayoutInvariants.check(LayoutFuzzInput(bytes), renderer: renderer)
      if !outcome.problems.isEmpty {
        // Kept so the failure can be replayed: `expandable-preview-dev fuzz-replay FILE`.
        try? AtomicFile.write(
          Data(bytes), to: RunDirectory.url("stress-failure-\(seed)-\(index)"))
      }
      progress.finish(index: index, problems: outcome.problems, layouts: outcome.collapsedLayouts)
    }
    let seconds = Date().timeIntervalSince(start)
    Console.print(
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
  /// The run's streams: ``finish(index:problems:layouts:)`` is called on the worker pool's
  /// threads, which inherit no task-local value.
  private let streams = Console.streams

  init(total: Int) { self.total = total }

  var failures: Int { tally.withLock { $0.failures } }
  /// The most layouts any collapsed render made.
  var maxLayouts: Int { tally.withLock { $0.maxLayouts } }

  func finish(index: Int, problems: [String], layouts: Int) {
    Console.$streams.withValue(streams) {
      tally(index: index, problems: problems, layouts: layouts)
    }
  }

  private func tally(index: Int, problems: [String], layouts: Int) {
    tally.withLock { tally in
      tally.done += 1
      tally.maxLayouts = max(tally.maxLayouts, layouts)
      if !problems.isEmpty {
        tally.failures += 1
        standardError("stress: input \(index): \(problems.joined(separator: "; "))")
      }
      if tally.done % max(1, total / 10) == 0 {
        Console.print(
          "stress: \(tally.done)/\(total) components, RSS \(ProcessMemory.residentBytes / 1_048_576) MiB"
        )
      }
    }
  }
}

@_spi(Benchmark) import ExpandablePreview
import ExpandablePreviewCLI
import ExpandablePreviewEngine
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// `expandable-preview-dev bench`: renders a deterministic mixed corpus in both states, writes the
/// PNGs, and compares with a `pango-view` loop. A benchmark, not a test: it asserts nothing.
struct BenchCommand {
  /// How `bench` is called, and its help: the USAGE line is written from the option table.
  static let form = CommandForm(
    optionTable,
    overview: """
      Benchmark: render a mixed corpus, compare with pango-view.
      """,
    details: """
      Renders a deterministic mixed corpus (Latin, Japanese, Arabic, emoji, newlines; 50 to 4,800
      characters) at width 327 pt, 3 lines, fade, scale 2, DejaVu Sans 17, writes both states as
      PNG, then runs the same texts through a pango-view loop (two processes per text) and prints
      the speed-up. Build with -c release for meaningful figures.

      OPTIONS:
      \(optionTable.helpRows)
      """
  ).inDeveloperTool

  /// `bench --help`.
  static var help: String { form.help }

  var items = 200
  var seed = MixedCorpus.defaultSeed
  var jobs = JobsOption.allCores
  var output: String?
  var skipsPangoView = false
  var encoder = BenchEncoder.libdeflate
  var comparesEncoders = false
  var style = TruncationStyle.fade
  var soakRenders: Int?
  var measuresAnimation = false
  var measuresLengths = false
  var shapeSizes: [Int]?
  var repetitions = 9
  var printsJSON = false
  var usesSystemFonts = false

  var runsPangoView: Bool { !skipsPangoView }
  var fontSet: FontSet { usesSystemFonts ? .system : .standard }

  /// The values the command starts with: the options' documented defaults.
  private static let initial = BenchCommand()

  static let optionTable = OptionTable<BenchCommand>(
    command: "bench",
    options: [
      .value(
        "--items", "N", \.items, expected: "a positive number", help: "Texts in the corpus.",
        defaultValue: "\(initial.items)", convert: positiveInteger),
      .value(
        "--seed", "N", \.seed, expected: "a whole number", help: "The corpus generator's seed.",
        defaultValue: "\(initial.seed)", convert: { UInt64($0) }),
      JobsOption.option(\.jobs, help: "Worker threads."),
      .text(
        "--out", "DIR", \.output, completion: .directory,
        help: "Keep the PNGs in DIR instead of a temporary folder, which is removed after "
          + "(also when Ctrl-C stops the run)."),
      .flag("--no-pango-view", \.skipsPangoView, help: "Skip the pango-view comparison."),
      .choice(
        "--style", "STYLE", \.style, help: "The truncation style",
        defaultValue: initial.style),
      .choice(
        "--encoder", "NAME", \.encoder, help: "Which PNG writer writes the files",
        defaultValue: initial.encoder),
      .flag(
        "--compare-encoders", \.comparesEncoders,
        help: "Also encode every image with the other writer (timed, not written)."),
      .value(
        "--soak", "N", \.soakRenders, expected: "a positive number",
        help: "Instead: at least N renders in whole passes over the corpus (2 × --items "
          + "renders each), printing RSS between passes, with no render in flight, after free "
          + "heap pages went back to the system.",
        convert: { text -> Int?? in positiveInteger(text).map { .some($0) } }),
      .flag(
        "--system-fonts", \.usesSystemFonts,
        help: "Draw with the machine's fonts instead of the pinned set (to measure what the "
          + "pinned set costs)."),
      .flag(
        "--animation", \.measuresAnimation,
        help: "Instead: the animation budget. A 0.35 s, 60 fps easeOut expansion of a text "
          + "growing from 3 to 8 lines, as APNG, against the two stills it runs between: "
          + "median thread CPU time and bytes, and their ratios."),
      .flag(
        "--lengths", \.measuresLengths,
        help: "Instead: ms per collapsed render of texts of 1,000, 10,000 and 100,000 "
          + "characters (five kinds of the corpus and one paragraph of Latin, fade and "
          + "ellipsis), laying out a bounded prefix and, for comparison, the whole text "
          + "('refused' past Pango's paragraph limit)."),
      .value(
        "--shapes", "SIZES", \.shapeSizes, expected: "sizes like 1000,2000",
        help: "Instead: one collapsed and one expanded render of each text shape whose layout "
          + "cost grows faster than its length (one unbreakable word, short lines, …) at each "
          + "size in characters (comma-separated, e.g. 1000,2000,4000,8000), or the limit that "
          + "refuses it.",
        convert: { text -> [Int]?? in
          let sizes = text.split(separator: ",").compactMap { positiveInteger(String($0)) }
          return sizes.isEmpty ? nil : .some(sizes)
        }),
      .value(
        "--repetitions", "N", \.repetitions, expected: "a positive number",
        help: "Runs of each side for --animation and --lengths, after one warm-up.",
        defaultValue: "\(initial.repetitions)", convert: positiveInteger),
      .flag("--json", \.printsJSON, help: "Print one JSON object instead of text."),
    ])

  private init() {}

  init(arguments: inout ArgumentReader) throws(UsageError) {
    try Self.optionTable.parse(&arguments, into: &self)
  }

  func run() throws -> Int32 {
    // First, before Pango starts threads: Ctrl-C then stops the run between renders, so the
    // temporary folder is removed rather than left behind.
    Interruption.install()
    if let shapeSizes {
      Console.print(try ShapeBenchmark.run(sizes: shapeSizes).text)
      return 0
    }
    if measuresLengths {
      let benchmark = try LengthBenchmark.run(repetitions: repetitions)
      try printResult(text: benchmark.text, json: benchmark.json)
      return 0
    }
    if measuresAnimation {
      let benchmark = try AnimationBenchmark.run(repetitions: repetitions)
      try printResult(text: benchmark.text, json: benchmark.json)
      return 0
    }
    let folder =
      output.map { RunDirectory.url($0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "expandable-preview-bench-\(ProcessInfo.processInfo.processIdentifier)")
    if output == nil {
      // Only the bench's own folder is made (and removed after): a missing TMPDIR is the
      // user's to fix, not one to create and leave behind.
      let parent = folder.deletingLastPathComponent().path
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder),
        isFolder.boolValue
      else {
        standardError(
          "error: the temporary folder \(parent) (TMPDIR) does not exist; create it, set TMPDIR "
            + "to a folder that exists, or pass --out DIR")
        return 2
      }
    }
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: output != nil)
    defer { if output == nil { try? FileManager.default.removeItem(at: folder) } }
    do {
      return try measure(into: folder)
    } catch let stopped as BenchStopped {
      standardError(
        "error: bench stopped by \(Interruption.name(of: stopped.signal)); "
          + (output == nil
            ? "its temporary folder \(folder.path) is removed"
            : "the PNGs written so far stay in \(folder.path)"))
      return Interruption.exitCode(for: stopped.signal)
    }
  }

  /// Renders the corpus into `folder` (and, unless told not to, runs the pango-view loop).
  private func measure(into folder: URL) throws -> Int32 {
    let texts = MixedCorpus.texts(count: items, seed: seed)
    let workload = BenchWorkload(
      texts: texts, output: folder, encoder: encoder, comparesEncoders: comparesEncoders,
      style: style)
    if let soakRenders {
      return try soak(workload, renders: soakRenders)
    }
    if !printsJSON {
      Console.print(
        "corpus: \(items) texts (seed \(seed)), \(texts.map(\.count).min() ?? 0) to "
          + "\(texts.map(\.count).max() ?? 0) characters; width 327 pt, 3 lines, \(style.rawValue), scale 2, "
          + "DejaVu Sans 17; both states written as PNG to \(folder.path)")
    }
    let pool = WorkerPool(workers: jobs, fontSet: fontSet)
    defer { pool.shutDown() }
    // One render per worker first, not timed: the figures are per text, without loading the
    // font set (once per process) or a thread's first faces.
    _ = try Self.run(workload, renders: min(jobs, 2 * items), on: pool)
    let (stats, seconds) = try Self.run(workload, renders: 2 * items, on: pool)

    var pangoViewSeconds: Double?
    var skipped: String?
    if !runsPangoView {
      skipped = "pango-view: skipped (--no-pango-view)"
    } else if let loop = PangoViewLoop.find() {
      pangoViewSeconds = try loop.run(texts, into: folder.appendingPathComponent("pango-view"))
    } else {
      skipped = "pango-view not installed, skipped (apt-get install pango1.0-tools)"
    }
    let report = BenchReport(
      items: items, jobs: jobs, seconds: seconds, stats: stats, encoder: encoder,
      comparesEncoders: comparesEncoders, pangoViewSeconds: pangoViewSeconds, fontSet: fontSet)
    try printResult(text: report.text(pangoViewSkipped: skipped), json: report)
    return 0
  }

  /// Renders indices `0..<renders` of `workload` on the batch renderer's worker pool, whose
  /// threads each have their own renderer. After the first error the remaining renders are
  /// skipped.
  static func run(_ workload: BenchWorkload, renders: Int, on pool: WorkerPool)
    throws -> (BenchStats, seconds: Double)
  {
    let total = Locked(BenchStats())
    let failure = Locked<String?>(nil)
    let ((), seconds) = BenchWorkload.timed {
      pool.run(count: renders) { index, renderer in
        guard failure.withLock({ $0 == nil }), Interruption.received == nil else { return }
        var stats = BenchStats()
        do {
          let start = ThreadCPUClock.seconds
          try workload.render(index, with: renderer.get(), into: &stats)
          stats.renderCPUSeconds += ThreadCPUClock.seconds - start
          total.withLock { $0.add(stats) }
        } catch {
          failure.withLock { $0 = $0 ?? "render \(index): \(error)" }
        }
      }
    }
    if let signal = Interruption.received { throw BenchStopped(signal: signal) }
    if let message = failure.withLock({ $0 }) { throw BenchError(message) }
    return (total.withLock { $0 }, seconds)
  }

  /// `--soak N`: one long run in one process, RSS sampled after every pass over the corpus.
  private func soak(_ workload: BenchWorkload, renders: Int) throws -> Int32 {
    let json = printsJSON
    let monitor = SoakMonitor { sample in
      if !json {
        Console.print(
          "  after \(sample.renders) renders: RSS \(BenchReport.megabytes(sample.rssBytes)), "
            + "peak so far \(BenchReport.megabytes(sample.peakRSSBytes))")
      }
    }
    if !json { Console.print("soak: \(renders) renders of \(items) texts cycling, \(jobs) job(s)") }
    // Pass by pass on the same threads and renderers (as one long batch would run), sampling
    // between passes when no render is in flight, so every sample sees the same state: what
    // stays allocated after a pass, after free pages went back.
    let pool = WorkerPool(workers: jobs, fontSet: fontSet)
    defer { pool.shutDown() }
    var stats = BenchStats()
    var seconds = 0.0
    var done = 0
    // Whole passes only (at least `renders`), so every sample follows the same work.
    while done < renders {
      let pass = 2 * items
      let (passStats, passSeconds) = try Self.run(workload, renders: pass, on: pool)
      stats.add(passStats)
      seconds += passSeconds
      done += pass
      monitor.sample(renders: done)
    }
    let spread = monitor.spreadPercent
    let growth = monitor.growthPercent
    let peak = ProcessMemory.peakResidentBytes > 0 ? ProcessMemory.peakResidentBytes : nil
    struct SoakReport: Encodable {
      var renders: Int
      var seconds: Double
      var rssSamples: [SoakMonitor.Sample]
      var rssSpreadPercent: Double?
      var rssGrowthPercent: Double?
      var peakRSSBytes: Int?
    }
    try printResult(
      text: "soak: \(stats.renders) renders in \(BenchReport.format(seconds, 1)) s; RSS samples "
        + "within \(spread.map { "±" + BenchReport.format($0, 1) + " %" } ?? "n/a") of their "
        + "mean; last vs first \(growth.map { BenchReport.format($0, 1) + " %" } ?? "n/a"); "
        + "peak RSS \(peak.map(BenchReport.megabytes) ?? "unknown")",
      json: SoakReport(
        renders: stats.renders, seconds: seconds, rssSamples: monitor.samples,
        rssSpreadPercent: spread, rssGrowthPercent: growth, peakRSSBytes: peak))
    return 0
  }

  /// Prints a benchmark's result: with `--json` one JSON object on one line, else its text.
  private func printResult(text: String, json: some Encodable) throws {
    Console.print(printsJSON ? try BenchReport.jsonLine(json) : text)
  }
}

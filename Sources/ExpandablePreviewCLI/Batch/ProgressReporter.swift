import ExpandablePreviewEngine
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// The command line's ``RunObserver``: reports finished files while workers run: one rewritten progress line on a terminal
/// (done/total, rate, ETA), one plain line per file otherwise, or nothing. Failures always go to
/// standard error. The plain lines are written in batches (at most one write a second or per
/// 64 KiB, and before any failure, message or the end), not one write per file: a cache-fed
/// run of thousands of files made a system call per file for its log. It counts files, as the summary after it does: a job that writes a PNG, an
/// SVG and a PDF moves the count by three. Safe to call from any worker thread.
final class ProgressReporter: Sendable {
  enum Style: Sendable {
    /// A single line redrawn in place, at most ten times a second.
    case terminal
    /// One line per finished file, for logs and pipes, written in batches.
    case lines
    /// Failures only (`--quiet`, `--json`).
    case silent
  }

  private struct Counts {
    var total: Int
    var done = 0
    var failed = 0
    var unchanged = 0
    var lastDraw: ContinuousClock.Instant?
    /// Plain lines not written yet, and when lines were last written.
    var pending = ""
    var lastWrite: ContinuousClock.Instant
  }

  /// The most bytes of plain lines held before they are written.
  static let batchBytes = 64 << 10

  let style: Style
  /// The first word of the progress line: "Rendering", "Verifying".
  let verb: String
  private let start = ContinuousClock.now
  private let counts: Locked<Counts>
  /// The run's streams when the reporter was made: it is called on the engine's worker
  /// threads, which inherit no task-local value.
  private let streams = Console.streams
  /// The longest plain lines are held before they are written.
  private let batchInterval: Duration

  /// `total` is the number of files expected; a run that learns it later sets ``expect(files:)``.
  /// `batchInterval`: how long plain lines may wait to be written together.
  init(
    total: Int, style: Style, verb: String = "Rendering", batchInterval: Duration = .seconds(1)
  ) {
    self.counts = Locked(Counts(total: total, lastWrite: ContinuousClock.now))
    self.style = style
    self.verb = verb
    self.batchInterval = batchInterval
  }

  /// Sets the number of files the run will report, once it has made its jobs.
  func expect(files total: Int) {
    counts.withLock { $0.total = total }
  }

  /// The number of files expected.
  var total: Int { counts.withLock { $0.total } }

  /// Whether standard output is a terminal (then the progress line is used).
  static var outputIsTerminal: Bool { Console.outputIsTerminal }

  /// Records the `count` files one job finished; `paths` names them, its first file first, and
  /// is asked only for the lines it prints (one per file, or the failure's). `failure` is why
  /// the job failed, if it did (said once, for the first file); `unchanged` when an incremental
  /// run left its files as they were (said on each line, so a log shows what ran).
  func finished(
    files count: Int, paths: () -> [String], failure: String?, unchanged: Bool = false
  ) {
    counts.withLock { counts in
      let before = counts.done
      counts.done += count
      if unchanged { counts.unchanged += count }
      if let failure {
        counts.failed += count
        // The lines before it come before it in a log that holds both streams.
        flush(&counts)
        if style == .terminal { write(output: "\r\u{1B}[K") }
        write(error: VisibleText.of("error: \(paths().first ?? ""): \(failure)") + "\n")
      }
      switch style {
      case .terminal:
        let now = ContinuousClock.now
        if counts.done == counts.total || failure != nil
          || counts.lastDraw.map({ now - $0 > .milliseconds(100) }) ?? true
        {
          counts.lastDraw = now
          write(output: "\r\u{1B}[K" + progressLine(counts))
        }
      case .lines:
        // Paths carry item names: shown, never sent to the terminal raw (bidi controls).
        guard failure == nil else { break }
        let note = unchanged ? " (unchanged)" : ""
        for (offset, path) in paths().enumerated() {
          let number = before + offset + 1
          counts.pending += "[\(number)/\(counts.total)] \(VisibleText.of(path))\(note)\n"
        }
        if counts.pending.utf8.count >= Self.batchBytes
          || ContinuousClock.now - counts.lastWrite >= batchInterval
        {
          flush(&counts)
        }
      case .silent:
        break
      }
    }
  }

  /// Writes the plain lines held, ends the progress line so later output starts on a fresh
  /// line (once).
  func end() {
    let drawn = counts.withLock { counts in
      flush(&counts)
      defer { counts.lastDraw = nil }
      return counts.lastDraw != nil
    }
    if style == .terminal && drawn { write(output: "\n") }
  }

  /// Writes the plain lines held, in one write.
  private func flush(_ counts: inout Counts) {
    counts.lastWrite = ContinuousClock.now
    guard !counts.pending.isEmpty else { return }
    write(output: counts.pending)
    counts.pending = ""
  }

  /// Seconds since the reporter was made.
  var elapsedSeconds: Double {
    (ContinuousClock.now - start).seconds
  }

  private func progressLine(_ counts: Counts) -> String {
    let seconds = max(elapsedSeconds, 0.001)
    let rate = Double(counts.done) / seconds
    let remaining = rate > 0 ? Double(counts.total - counts.done) / rate : 0
    let percent = counts.total > 0 ? counts.done * 100 / counts.total : 100
    var line =
      "\(verb) \(counts.done)/\(counts.total) (\(percent)%)  \(Self.decimal(rate)) files/s  ETA \(Self.duration(remaining))"
    if counts.unchanged > 0 { line += "  \(counts.unchanged) unchanged" }
    if counts.failed > 0 { line += "  \(counts.failed) failed" }
    return line
  }

  private func write(output text: String) {
    Console.$streams.withValue(streams) { Console.writeOutput(text) }
  }

  private func write(error text: String) {
    Console.$streams.withValue(streams) { Console.writeError(text) }
  }

  static func decimal(_ value: Double) -> String {
    String(format: "%.1f", value)
  }

  /// `42s`, `3m05s` or `2h03m`.
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded(.up))
    if total < 60 { return "\(total)s" }
    if total < 3600 { return String(format: "%dm%02ds", total / 60, total % 60) }
    return String(format: "%dh%02dm", total / 3600, total % 3600 / 60)
  }
}

extension ProgressReporter: RunObserver {
  func runWillReport(files: Int) { expect(files: files) }

  func fileFinished(_ file: FinishedFile) {
    finished(
      files: file.paths.count, paths: { file.paths }, failure: file.failure,
      unchanged: file.unchanged)
  }

  /// A message on its own line: after the progress line, which it ends.
  func message(_ message: RunMessage) {
    end()
    Console.$streams.withValue(streams) { Console.errorLine(message.description) }
  }
}

import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation

/// Reports finished files while workers run: one rewritten progress line on a terminal
/// (done/total, rate, ETA), one plain line per file otherwise, or nothing. Failures always go to
/// standard error. Safe to call from any worker thread.
package final class ProgressReporter: Sendable {
  package enum Style: Sendable {
    /// A single line redrawn in place, at most ten times a second.
    case terminal
    /// One line per finished file, for logs and pipes.
    case lines
    /// Failures only (`--quiet`, `--json`).
    case silent
  }

  private struct Counts {
    var done = 0
    var failed = 0
    var unchanged = 0
    var lastDraw: ContinuousClock.Instant?
  }

  let total: Int
  let style: Style
  /// The first word of the progress line: "Rendering", "Verifying".
  let verb: String
  private let start = ContinuousClock.now
  private let counts = Locked(Counts())

  package init(total: Int, style: Style, verb: String = "Rendering") {
    self.total = total
    self.style = style
    self.verb = verb
  }

  /// Whether standard output is a terminal (then the progress line is used).
  package static var outputIsTerminal: Bool { Console.outputIsTerminal }

  /// Records one finished file; `failure` is why it failed, if it did; `unchanged` when an
  /// incremental run left its files as they were (said on its line, so a log shows what ran).
  func finished(_ path: String, failure: String?, unchanged: Bool = false) {
    counts.withLock { counts in
      counts.done += 1
      if unchanged { counts.unchanged += 1 }
      if let failure {
        counts.failed += 1
        if style == .terminal { Console.writeOutput("\r\u{1B}[K") }
        Console.writeError(VisibleText.of("error: \(path): \(failure)") + "\n")
      }
      switch style {
      case .terminal:
        let now = ContinuousClock.now
        if counts.done == total || failure != nil
          || counts.lastDraw.map({ now - $0 > .milliseconds(100) }) ?? true
        {
          counts.lastDraw = now
          Console.writeOutput("\r\u{1B}[K" + progressLine(counts))
        }
      case .lines:
        // Paths carry item names: shown, never sent to the terminal raw (bidi controls).
        if failure == nil {
          let note = unchanged ? " (unchanged)" : ""
          Console.writeOutput("[\(counts.done)/\(total)] \(VisibleText.of(path))\(note)\n")
        }
      case .silent:
        break
      }
    }
  }

  /// Ends the progress line so later output starts on a fresh line.
  package func end() {
    if style == .terminal && total > 0 { Console.writeOutput("\n") }
  }

  /// Seconds since the reporter was made.
  package var elapsedSeconds: Double {
    (ContinuousClock.now - start).seconds
  }

  private func progressLine(_ counts: Counts) -> String {
    let seconds = max(elapsedSeconds, 0.001)
    let rate = Double(counts.done) / seconds
    let remaining = rate > 0 ? Double(total - counts.done) / rate : 0
    let percent = total > 0 ? counts.done * 100 / total : 100
    var line =
      "\(verb) \(counts.done)/\(total) (\(percent)%)  \(Self.decimal(rate)) files/s  ETA \(Self.duration(remaining))"
    if counts.unchanged > 0 { line += "  \(counts.unchanged) unchanged" }
    if counts.failed > 0 { line += "  \(counts.failed) failed" }
    return line
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

@_spi(Benchmark) @_spi(Reference) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewSupport
import Foundation

/// `bench --lengths`: what one collapsed render costs as its text grows, with the bounded
/// prefix a collapsed render lays out and with the whole text laid out (as before it). Texts
/// of 1,000, 10,000 and 100,000 characters, each the benchmark corpus's texts of one kind joined
/// with newlines and cut to length, at the corpus's settings (327 pt, 3 lines, DejaVu Sans 17,
/// scale 2): median thread CPU time of layout and drawing, without PNG encoding.
struct LengthBenchmark: Sendable {
  static let lengths = [1_000, 10_000, 100_000]
  static let kinds = ["latin", "japanese", "arabic", "latin+emoji", "mixed"]

  struct Row: Sendable {
    var kind: String
    var style: TruncationStyle
    var characters: Int
    /// Median milliseconds per collapsed render: bounded prefix, and the whole text.
    var bounded: Double
    var wholeText: Double
  }

  let rows: [Row]

  /// Kind `k`'s text of `characters` characters: corpus texts `k`, `k + 5`, … joined with
  /// newlines (each is one to a few paragraphs), cut to length.
  static func text(kind: Int, characters: Int, corpus: [String]) -> String {
    var text = ""
    for index in stride(from: kind, to: corpus.count, by: kinds.count) {
      guard text.count < characters else { break }
      text += (text.isEmpty ? "" : "\n") + corpus[index]
    }
    return String(text.prefix(characters))
  }

  static func run(repetitions: Int) throws(RenderError) -> LengthBenchmark {
    let renderer = try Renderer()
    // 200 texts of each kind, about 1,200 characters on average: enough for 100,000.
    let corpus = MixedCorpus.texts(count: 200 * kinds.count)
    var rows: [Row] = []
    for style in [TruncationStyle.fade, .ellipsis] {
      for (kind, name) in kinds.enumerated() {
        for length in lengths {
          let component = ExpandableText(text: text(kind: kind, characters: length, corpus: corpus))
            .font(.custom("DejaVu Sans 17")).lineLimit(3).truncationStyle(style)
          let options = RenderOptions(width: 327, scale: 2, state: .collapsed)
          func median(wholeText: Bool) throws(RenderError) -> Double {
            var times: [Double] = []
            for repetition in 0...repetitions {
              let start = ThreadCPUClock.seconds
              _ = try renderer.render(component, options: options, wholeText: wholeText)
              // The first run warms the fonts and caches; it is not counted.
              if repetition > 0 { times.append(ThreadCPUClock.seconds - start) }
            }
            return times.sorted()[times.count / 2] * 1000
          }
          rows.append(
            Row(
              kind: name, style: style, characters: length, bounded: try median(wholeText: false),
              wholeText: try median(wholeText: true)))
        }
      }
    }
    return LengthBenchmark(rows: rows)
  }

  var text: String {
    var lines = [
      "collapsed render by text length (ms, median thread CPU; 327 pt, 3 lines, DejaVu Sans 17, @2x)",
      "  style     kind          characters   bounded prefix   whole text",
    ]
    for row in rows {
      lines.append(
        "  " + row.style.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
          + row.kind.padding(toLength: 14, withPad: " ", startingAt: 0)
          + String(row.characters).leftPadded(10)
          + BenchReport.format(row.bounded, 2).leftPadded(17)
          + BenchReport.format(row.wholeText, 2).leftPadded(13))
    }
    return lines.joined(separator: "\n")
  }

  var json: [[String: String]] {
    rows.map {
      [
        "style": $0.style.rawValue, "kind": $0.kind, "characters": String($0.characters),
        "boundedMilliseconds": BenchReport.format($0.bounded, 3),
        "wholeTextMilliseconds": BenchReport.format($0.wholeText, 3),
      ]
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}

@_spi(Benchmark) @_spi(Reference) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewSupport
import Foundation

/// `bench --lengths`: what one collapsed render costs as its text grows, with the bounded
/// prefix a collapsed render lays out and with the whole text laid out (as before it). Texts
/// of 1,000, 10,000 and 100,000 characters, each the benchmark corpus's texts of one kind joined
/// with newlines and cut to length, and the Latin texts joined with spaces into one paragraph,
/// at the corpus's settings (327 pt, 3 lines, DejaVu Sans 17, scale 2): median thread CPU time
/// of layout and drawing, without PNG encoding.
struct LengthBenchmark: Sendable {
  static let lengths = [1_000, 10_000, 100_000]
  static let kinds = ["latin", "japanese", "arabic", "latin+emoji", "mixed"]
  /// The Latin texts as one paragraph: past 58,823 characters Pango cannot lay it out whole.
  static let oneParagraph = "latin, 1 paragraph"

  struct Row: Sendable {
    var kind: String
    var style: TruncationStyle
    var characters: Int
    /// Median milliseconds per collapsed render: bounded prefix, and the whole text (nil when
    /// the whole text is refused: a paragraph too long to lay out).
    var bounded: Double
    var wholeText: Double?
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

  /// Kind `kind`'s text of `characters` characters with every line break a space.
  static func oneParagraph(kind: Int, characters: Int, corpus: [String]) -> String {
    String(
      text(kind: kind, characters: characters, corpus: corpus).map {
        $0.isNewline ? " " : $0
      })
  }

  /// Every kind measured: the corpus's kinds, then the one paragraph.
  static var allKinds: [String] { kinds + [oneParagraph] }

  /// Measures `kinds` (of ``allKinds``) at `lengths`, in both styles.
  static func run(
    repetitions: Int, kinds measured: [String] = allKinds, lengths: [Int] = lengths
  ) throws(RenderError) -> LengthBenchmark {
    let renderer = try Renderer()
    // 200 texts of each kind, about 1,200 characters on average: enough for 100,000.
    let corpus = MixedCorpus.texts(count: 200 * kinds.count)
    var rows: [Row] = []
    for style in [TruncationStyle.fade, .ellipsis] {
      for name in measured {
        for length in lengths {
          let text =
            name == oneParagraph
            ? oneParagraph(kind: 0, characters: length, corpus: corpus)
            : text(kind: kinds.firstIndex(of: name) ?? 0, characters: length, corpus: corpus)
          let component = ExpandableText(text: text)
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
          var whole: Double? = nil
          do {
            whole = try median(wholeText: true)
          } catch .configuration(_) {
            // Too long to lay out whole: what the bounded prefix makes possible.
          }
          rows.append(
            Row(
              kind: name, style: style, characters: length, bounded: try median(wholeText: false),
              wholeText: whole))
        }
      }
    }
    return LengthBenchmark(rows: rows)
  }

  var text: String {
    var lines = [
      "collapsed render by text length (ms, median thread CPU; 327 pt, 3 lines, DejaVu Sans 17, @2x)",
      "  style     kind                characters   bounded prefix   whole text",
    ]
    for row in rows {
      lines.append(
        "  " + row.style.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
          + row.kind.padding(toLength: 20, withPad: " ", startingAt: 0)
          + String(row.characters).leftPadded(10)
          + BenchReport.format(row.bounded, 2).leftPadded(17)
          + (row.wholeText.map { BenchReport.format($0, 2) } ?? "refused").leftPadded(13))
    }
    return lines.joined(separator: "\n")
  }

  var json: [[String: String]] {
    rows.map {
      [
        "style": $0.style.rawValue, "kind": $0.kind, "characters": String($0.characters),
        "boundedMilliseconds": BenchReport.format($0.bounded, 3),
        "wholeTextMilliseconds": $0.wholeText.map { BenchReport.format($0, 3) } ?? "refused",
      ]
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}

@_spi(Benchmark) import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

/// `bench --shapes`: the texts whose layout cost grows faster than their length, at growing
/// sizes, one expanded and one collapsed render each (thread CPU). The figures behind the
/// expanded-render limits (``RenderLimits``); see Documentation/Robustness.md.
struct ShapeBenchmark: Sendable {
  /// Each shape of `n` characters.
  static let shapes: [(name: String, make: @Sendable (Int) -> String)] = [
    ("one word of <", { String(repeating: "<", count: $0) }),
    ("one word of a", { String(repeating: "a", count: $0) }),
    ("lines of 2", { String(repeating: "ab\n", count: $0 / 3) }),
    (
      "lines of 80",
      { String(repeating: String(repeating: "lorem ipsum ", count: 7) + "\n", count: $0 / 85) }
    ),
    (
      "words, one paragraph",
      { String(String(repeating: "lorem ipsum dolor ", count: $0 / 18 + 1).prefix($0)) }
    ),
  ]

  struct Row: Sendable {
    var shape: String
    var characters: Int
    var lines: Int
    var expanded: Double?
    var collapsed: Double
    var refusal: String?
  }

  let rows: [Row]

  static func run(sizes: [Int]) throws(RenderError) -> ShapeBenchmark {
    let renderer = try Renderer()
    var rows: [Row] = []
    for (name, make) in shapes {
      for size in sizes {
        let component = ExpandableText(text: make(size)).font(.custom("DejaVu Sans 17"))
          .lineLimit(3).truncationStyle(.ellipsis)
        var options = RenderOptions(width: 327, scale: 1, state: .collapsed)
        var start = ThreadCPUClock.seconds
        _ = try renderer.render(component, options: options)
        let collapsed = ThreadCPUClock.seconds - start
        options.state = .expanded
        start = ThreadCPUClock.seconds
        var row = Row(shape: name, characters: size, lines: 0, collapsed: collapsed * 1000)
        do {
          let result = try renderer.render(component, options: options)
          row.expanded = (ThreadCPUClock.seconds - start) * 1000
          row.lines = result.layout.lines
        } catch .configuration(let error) {
          row.refusal = error.description
        } catch .imageTooLarge(let width, let height) {
          row.refusal = "image too large (\(width) × \(height) px)"
        }
        rows.append(row)
      }
    }
    return ShapeBenchmark(rows: rows)
  }

  var text: String {
    var lines = [
      "render cost by text shape (ms, thread CPU, one render each; 327 pt, 3 lines, ellipsis, DejaVu Sans 17, @1x)",
      "  shape                  characters   lines   collapsed    expanded",
    ]
    for row in rows {
      let expanded =
        row.expanded.map { BenchReport.format($0, 1) } ?? "refused: \(row.refusal ?? "")"
      lines.append(
        "  " + row.shape.padding(toLength: 22, withPad: " ", startingAt: 0)
          + String(repeating: " ", count: max(0, 11 - String(row.characters).count))
          + "\(row.characters)   \(row.lines)   \(BenchReport.format(row.collapsed, 1))   \(expanded)"
      )
    }
    return lines.joined(separator: "\n")
  }
}

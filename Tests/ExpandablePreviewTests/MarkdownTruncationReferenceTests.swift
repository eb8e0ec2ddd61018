@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

@testable import ExpandablePreview

/// A Markdown text's ellipsis cut obeys the same brute-force reference as plain text, with its
/// attributes: over seeded random styled texts, the kept prefix is the longest candidate whose
/// prefix (styles included) + ellipsis + label, laid out as painted, takes at most `lineLimit`
/// lines; and no collapsed image has more lines than that.
@Suite struct MarkdownTruncationReferenceTests {
  /// The reference: every candidate from the end of line N + 1 down, one layout each.
  struct Reference {
    let truncated: Bool
    let keptBytes: Int?

    init(_ component: ExpandableText, options: RenderOptions, renderer: Renderer) throws {
      let context = try PangoTextContext(
        fontMap: renderer.currentFontMap(), direction: component.direction)
      var layouter = try Layouter(component: component, options: options, context: context)
      let limit = component.lineLimit
      let full = try layouter.layoutText(layouter.text)
      truncated = full.lines.count > limit
      guard truncated else {
        keptBytes = nil
        return
      }
      let cursor = full.withLogAttributes { $0.map { $0.is_cursor_position != 0 } }
      let wordEnd = full.withLogAttributes {
        $0.map { $0.is_word_end != 0 || $0.is_line_break != 0 }
      }
      // Character ends where Pango also lets the cursor stand, whitespace before them trimmed.
      var candidates = [0]
      var bytes = 0
      var scalars = 0
      var kept = 0
      let scanEnd = full.lines[limit].bytes.upperBound
      for character in layouter.styled.text {
        bytes += character.utf8.count
        scalars += character.unicodeScalars.count
        guard bytes <= scanEnd else { break }
        if !character.unicodeScalars.allSatisfy(\.properties.isWhitespace) { kept = bytes }
        guard cursor[scalars] else { continue }
        if component.cutsAtWordBoundaries && !wordEnd[scalars] { continue }
        if candidates.last != kept { candidates.append(kept) }
      }
      var found: Int? = nil
      for candidate in Set(candidates).sorted(by: >) {
        let prefix = Array(layouter.text[..<candidate])
        let placed = try layouter.inlineLabel(
          after: prefix, separator: component.ellipsis, label: component.expandButton,
          visibleText: prefix)
        if placed.body.lines.count <= limit {
          found = candidate
          break
        }
      }
      keptBytes = found
    }
  }

  static let words = [
    "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs", "espresso", "extraordinaire",
    "SwiftUI", "a", "of", "https://example.com/path", "naïve", "café", "東京", "😀", "Ünïcödé",
    "x", "wait", "developer", "mockups",
  ]
  static let wrappers = [
    ("**", "**"), ("*", "*"), ("`", "`"), ("~~", "~~"), ("[", "](https://l.k)"), ("***", "***"),
  ]

  /// A random text of words, some runs of them wrapped in one inline style.
  static func markdown(_ random: inout SplitMix64) -> String {
    var parts: [String] = []
    let count = 6 + Int(random.next() % 40)
    var index = 0
    while index < count {
      let run = 1 + Int(random.next() % 4)
      let text = (0..<run).map { _ in words[Int(random.next() % UInt64(words.count))] }
        .joined(separator: " ")
      if random.next() % 3 == 0 {
        let (open, close) = wrappers[Int(random.next() % UInt64(wrappers.count))]
        parts.append(open + text + close)
      } else {
        parts.append(text)
      }
      index += run
    }
    return parts.joined(separator: " ")
  }

  static func component(_ index: Int) -> (ExpandableText, RenderOptions) {
    // Seeds drawn from a generator of their own: SplitMix64 streams of neighboring seeds are
    // the same stream shifted by one.
    var seeder = SplitMix64(seed: 0x15_15 &+ UInt64(index))
    var random = SplitMix64(seed: seeder.next())
    let ellipses = ["... ", "…", " — ", "⋯ "]
    var component = ExpandableText(markdown: markdown(&random))
      .truncationStyle(.ellipsis)
      .lineLimit(1 + Int(random.next() % 4))
      .ellipsis(ellipses[Int(random.next() % 4)])
    if random.next() % 4 == 0 { component = component.cutsAtWordBoundaries() }
    if random.next() % 3 == 0 {
      component = component.expandButton(
        TextSet(text: "Read more", font: .custom("DejaVu Serif 19")))
    }
    let width = 80 + Double(random.next() % 296)
    return (component, RenderOptions(width: width, scale: 1))
  }

  /// Each case twice: as Markdown, and its drawn text as plain text, so the styled cut is held
  /// to exactly what the plain one is.
  @Test(arguments: 0..<4)
  func markdownCutsAreTheLongestPrefixThatFits(batch: Int) throws {
    let renderer = Renderer()
    var truncated = 0
    var problems: [String] = []
    var mismatches = (markdown: 0, plain: 0)
    for index in (batch * 150)..<((batch + 1) * 150) {
      let (markdown, options) = Self.component(index)
      var plain = markdown.markdown(false)
      plain.text = StyledText(markdown).text
      for component in [markdown, plain] {
        let reference = try Reference(component, options: options, renderer: renderer)
        let layout = try renderer.layout(of: component, options: options)
        guard reference.truncated else { continue }
        truncated += 1
        if layout.lines > component.lineLimit {
          problems.append("case \(index): \(layout.lines) lines, limit \(component.lineLimit)")
        }
        let kept = layout.visibleText.utf8.count
        if let expected = reference.keptBytes, kept != expected {
          if component.isMarkdown { mismatches.markdown += 1 } else { mismatches.plain += 1 }
          problems.append(
            "case \(index): kept \(kept) bytes, the reference \(expected): \(component.text.debugDescription)"
          )
        }
      }
    }
    if ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_TRUNCATION_STATS"] != nil {
      print("markdown-truncation batch=\(batch) truncated=\(truncated) mismatches=\(mismatches)")
    }
    #expect(truncated > 150, "too few cases truncate to say much")
    // Today's EllipsisLayout misses the reference on about 10 % of cuts, plain or Markdown
    // alike (measured: 59 Markdown, 60 plain of 551); issue 10's exact cut removes both. This
    // known issue fails the test as soon as the mismatches are gone, so it cannot outlive them.
    withKnownIssue("the ellipsis cut is exact only with issue 10's EllipsisLayout") {
      #expect(problems.isEmpty, "\(problems.count) mismatches: \(problems.prefix(3))")
    }
  }
}

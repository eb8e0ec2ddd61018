@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import TestSupport
import Testing

@_spi(Reference) @testable import ExpandablePreview

/// A collapsed render lays out a bounded prefix of its text; the whole text's layout is the
/// reference. On seeded random long texts (every script of ``TruncationCases``, plus what can
/// reach past a prefix's end: long neutral runs before a right-to-left or Thai word, bidi
/// controls, brackets, digits, every paragraph separator, Markdown spans), the bounded render
/// must give the same ``LayoutResult`` (all but the count of layouts), the same pixels and the
/// same font files, with the first prefix's length drawn at random so its end falls anywhere.
@Suite struct BoundedPrefixReferenceTests {
  static let batches = 0..<6
  /// 200 in full; ``ReferenceSample`` picks this run's share.
  static let casesPerBatch = ReferenceSample.count(200)
  static let seed = ReferenceSample.seed(22)
  static let replay = ReferenceSample.replay("BoundedPrefixReferenceTests")

  @Test(arguments: batches)
  func boundedPrefixRendersTheWholeTextsCollapsedStateInTheEllipsisStyle(batch: Int) throws {
    try Self.compare(batch: batch, style: .ellipsis)
  }

  @Test(arguments: batches)
  func boundedPrefixRendersTheWholeTextsCollapsedStateInTheFadeStyle(batch: Int) throws {
    try Self.compare(batch: batch, style: .fade)
  }

  static func compare(batch: Int, style: TruncationStyle) throws {
    let renderer = try Renderer()
    var bounded = 0
    var problems: [String] = []
    for index in (batch * casesPerBatch)..<((batch + 1) * casesPerBatch) {
      var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index))
      let (component, options) = Self.component(&random, style: style)
      let firstPrefix = random.int(in: 1...600)
      let reference = try renderer.render(component, options: options, wholeText: true)
      let result = try renderer.render(
        component, options: options, wholeText: false, firstPrefixBytes: firstPrefix)
      let drawn = Array(StyledText(component).text.utf8)
      let firstEnd = BoundedPrefix(text: drawn, direction: component.direction)
        .end(atLeast: firstPrefix)
      if firstEnd < drawn.count && reference.layout.exceedsLineLimit { bounded += 1 }
      var layout = result.layout
      layout.layouts = reference.layout.layouts
      if layout != reference.layout {
        problems.append("case \(index): layout \(layout) != \(reference.layout)")
      } else if result.image! != reference.image! {
        problems.append("case \(index): pixels differ")
      } else if result.fontFiles != reference.fontFiles {
        problems.append("case \(index): font files differ")
      }
    }
    #expect(
      problems.isEmpty,
      "\(problems.count) differ: \(problems.prefix(3)); \(Self.replay)"
    )
    // Most cases must really lay out a prefix shorter than the text, or this says little.
    #expect(bounded > casesPerBatch / 2, "only \(bounded) cases laid out a shorter prefix")
  }

  /// Text that can reach past a prefix's end, beside the scripts of ``TruncationCases``.
  static let reaching: [String] = [
    String(repeating: "<", count: 40), String(repeating: ".", count: 25), "   ", "12345", "$$$",
    "(", ")", "[", "]", "—", "\u{200F}", "\u{200E}", "\u{2067}", "\u{2066}", "\u{2069}",
    "\u{202B}", "\u{202C}", "\u{0661}\u{0662}", "«", "»", "\u{0301}", "\u{200D}",
  ]
  static let separators = [" ", " ", " ", " ", "", "\n", "\r\n", "\r", "\u{2029}", "\n\n", "\t"]
  static let markdown = ["**", "*", "`", "~~", "[", "](https://example.com/x)"]

  static func component(_ random: inout SplitMix64, style: TruncationStyle)
    -> (ExpandableText, RenderOptions)
  {
    let pools =
      (0..<random.int(in: 1...3)).map { _ in random.pick(TruncationCases.scripts) } + [reaching]
    let isMarkdown = random.int(in: 0...3) == 0
    var text = ""
    for token in 0..<random.int(in: 30...400) {
      if token > 0 { text += random.pick(separators) }
      if isMarkdown && random.int(in: 0...5) == 0 { text += random.pick(markdown) }
      // Reaching text is rarer than words, but often enough to meet every prefix end.
      let pool = random.int(in: 0...5) == 0 ? reaching : random.pick(pools)
      text += random.pick(pool)
    }
    var component = ExpandableText(text: text)
      .font(random.pick(TruncationCases.textFonts))
      .lineLimit(random.int(in: 1...5))
      .truncationStyle(style)
      .ellipsis(random.pick(TruncationCases.ellipses))
      .expandButton(TextSet(text: random.pick(TruncationCases.labels)))
      .cutsAtWordBoundaries(random.int(in: 0...4) == 0)
      .markdown(isMarkdown)
    switch random.int(in: 0...5) {
    case 0: component = component.direction(.rightToLeft)
    case 1: component = component.direction(.leftToRight)
    default: break
    }
    var options = RenderOptions(
      width: 40 + (335 * random.unit() * 64).rounded() / 64, scale: random.int(in: 1...2),
      background: Color(Color.RGBA(red: 1, green: 1, blue: 1)))
    options.state = .collapsed
    return (component, options)
  }
}

/// Hand-made texts where something far past any prefix's end decides what comes before it, each
/// with prefix ends swept over its length: the bounded render must still equal the whole text's.
@Suite struct BoundedPrefixReachTests {
  static let filler = String(repeating: "<", count: 1_500)
  static let cases: [(name: String, text: String, direction: TextDirection)] = [
    ("paragraph direction from a late Hebrew letter", filler + " שלום", .natural),
    // The pair holds only right-to-left letters and follows one: it and the neutrals in it run
    // right to left, which only its far end shows.
    ("bracket pair closed after a late Hebrew letter", "א (" + filler + " ב) d", .leftToRight),
    (
      "neutrals between Latin words in a right-to-left paragraph", "abc " + filler + " d",
      .rightToLeft
    ),
    ("leading punctuation takes a late Thai script", filler + "ภาษาไทย", .natural),
    (
      "numbers before a late Arabic letter", String(repeating: "12 ", count: 500) + "عربي", .natural
    ),
    ("Thai without spaces", String(repeating: "ภาษาไทยกำลังทำงานหนักน้ำใจ", count: 60), .natural),
    ("an isolate closed far away", "a \u{2067}" + filler + "\u{2069} b", .natural),
    ("paragraphs of Hebrew", String(repeating: TestTexts.hebrew + "\n", count: 12), .natural),
  ]

  @Test(arguments: cases.indices)
  func aBoundedPrefixRendersWhatTheWholeTextRenders(index: Int) throws {
    let (name, text, direction) = Self.cases[index]
    let renderer = try Renderer()
    for style in [TruncationStyle.ellipsis, .fade] {
      for width in [60.0, 150.0] {
        let component = ExpandableText(text: text).font(.custom("DejaVu Sans 15")).lineLimit(2)
          .truncationStyle(style).direction(direction)
        let options = RenderOptions(width: width, scale: 1, state: .collapsed)
        let reference = try renderer.render(component, options: options, wholeText: true)
        for firstPrefix in stride(from: 1, to: text.utf8.count, by: 97) {
          let result = try renderer.render(
            component, options: options, wholeText: false, firstPrefixBytes: firstPrefix)
          var layout = result.layout
          layout.layouts = reference.layout.layouts
          #expect(layout == reference.layout, "\(name), \(style), \(width) pt, \(firstPrefix)")
          #expect(
            result.image! == reference.image!, "\(name), \(style), \(width) pt, \(firstPrefix)")
        }
      }
    }
  }
}

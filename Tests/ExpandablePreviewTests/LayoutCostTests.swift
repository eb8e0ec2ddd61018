@_spi(Reference) import ExpandablePreview
import Testing

/// Texts whose whole layout would take Pango minutes: the expanded state refuses them before
/// laying anything out, naming the limit; the collapsed state lays out a bounded prefix and
/// draws what the whole text's layout draws for a smaller instance of the same shape.
@Suite struct LayoutCostTests {
  static let oneWord = String(repeating: "<", count: 50_000)
  static let shortLines = String(repeating: "ab\n", count: 50_000)

  static func component(_ text: String) -> ExpandableText {
    ExpandableText(text: text).font(.custom("DejaVu Sans 17")).lineLimit(3)
      .truncationStyle(.ellipsis)
  }

  static func render(_ text: String, _ state: ExpansionState, wholeText: Bool = false) throws
    -> RenderResult
  {
    try Renderer().render(
      component(text), options: RenderOptions(width: 327, scale: 1, state: state),
      wholeText: wholeText)
  }

  @Test func anExpandedUnbreakableRunPastTheLimitIsRefusedNamingTheLimit() {
    #expect {
      try Self.render(Self.oneWord, .expanded)
    } throws: { error in
      "\(error)".contains(
        "50000 characters in a row without a line break opportunity; a text laid out whole "
          + "(the expanded state) may have at most 5000")
    }
  }

  @Test func expandedParagraphsPastTheLimitAreRefusedNamingTheLimit() {
    #expect {
      try Self.render(Self.shortLines, .expanded)
    } throws: { error in
      "\(error)".contains(
        "the text has 50001 paragraphs; a text laid out whole (the expanded state) may have "
          + "at most 5000")
    }
  }

  @Test func runsAndParagraphsAtTheLimitsAreLaidOut() throws {
    let run = String(repeating: "<", count: RenderLimits.maxUnbreakableCharacters)
    #expect(try Self.render(run, .expanded).layout.lines > 3)
    // One paragraph fewer than the limit (the last line break starts one more).
    let lines = String(repeating: "ab\n", count: RenderLimits.maxLaidOutParagraphs - 1)
    let small = ExpandableText(text: lines).font(.custom("DejaVu Sans 2")).lineLimit(3)
    let result = try Renderer().render(
      small, options: RenderOptions(width: 100, scale: 1, state: .expanded))
    #expect(result.layout.lines == RenderLimits.maxLaidOutParagraphs)
  }

  @Test func aCollapsedUnbreakableRunPastTheLimitDrawsWhatASmallerOneDraws() throws {
    let bounded = try Self.render(Self.oneWord, .collapsed)
    let reference = try Self.render(String(Self.oneWord.prefix(4_000)), .collapsed, wholeText: true)
    var layout = bounded.layout
    layout.layouts = reference.layout.layouts
    // The text element reads the whole text, which is longer than the reference's by design.
    layout.accessibilityElements[0].label = reference.layout.accessibilityElements[0].label
    #expect(layout == reference.layout)
    #expect(bounded.image! == reference.image!)
  }

  @Test func collapsedParagraphsPastTheLimitDrawWhatFewerDraw() throws {
    let bounded = try Self.render(Self.shortLines, .collapsed)
    let reference = try Self.render(
      String(Self.shortLines.prefix(3_000)), .collapsed, wholeText: true)
    var layout = bounded.layout
    layout.layouts = reference.layout.layouts
    // The text element reads the whole text, which is longer than the reference's by design.
    layout.accessibilityElements[0].label = reference.layout.accessibilityElements[0].label
    #expect(layout == reference.layout)
    #expect(bounded.image! == reference.image!)
  }
}

import ExpandablePreview
import ExpandablePreviewFuzzing
import TestSupport
import Testing

/// Truncation decisions of both styles: what is kept, how many lines, and when nothing is cut.
@Suite struct TruncationTests {
  @Test(arguments: TruncationStyle.allCases)
  func textThatFitsIsNotTruncatedAndBothStatesAreIdentical(style: TruncationStyle) throws {
    let component = ExpandableText(text: "A short review.")
      .truncationStyle(style)
      .collapseButton(TextSet(text: "less"))
    let collapsed = try render(component, RenderOptions(width: 327, state: .collapsed))
    let expanded = try render(component, RenderOptions(width: 327, state: .expanded))
    #expect(!collapsed.layout.exceedsLineLimit)
    #expect(collapsed.layout.label == nil)
    #expect(collapsed.layout.fade == nil)
    #expect(collapsed.layout.visibleText == "A short review.")
    #expect(try collapsed.image!.pngData() == expanded.image!.pngData())
  }

  @Test func textOfExactlyTheLineLimitIsNotTruncated() throws {
    let result = try render(ExpandableText(text: "one\ntwo\nthree").lineLimit(3))
    #expect(!result.layout.exceedsLineLimit)
    #expect(result.layout.lines == 3)
  }

  @Test(arguments: TruncationStyle.allCases)
  func explicitNewlinesCountAsLines(style: TruncationStyle) throws {
    let text = "One\nTwo\nThree\nFour\nFive"
    let result = try render(ExpandableText(text: text).lineLimit(3).truncationStyle(style))
    #expect(result.layout.exceedsLineLimit)
    #expect(result.layout.lines == 3)
    #expect(result.layout.visibleText == "One\nTwo\nThree")
  }

  /// The reference TruncatedText cut far too much when a short line ended in a newline.
  @Test func shortLineBeforeNewlineDoesNotOverTruncate() throws {
    let text = "Hi\n" + TestTexts.lorem
    let result = try render(
      ExpandableText(text: text).lineLimit(2).truncationStyle(.ellipsis)
        .expandButton(TextSet(text: "More")))
    #expect(result.layout.lines == 2)
    // The whole second line is used: far more than the first paragraph is kept.
    #expect(result.layout.visibleText.hasPrefix("Hi\nLorem ipsum dolor sit amet"))
    #expect(result.layout.visibleText.count > 25)
  }

  @Test func ellipsisKeepsTheLongestPrefixThatFits() throws {
    let component = ExpandableText(text: TestTexts.developer).truncationStyle(.ellipsis)
      .expandButton(TextSet(text: "More"))
    let result = try render(component)
    let visible = result.layout.visibleText
    #expect(result.layout.lines == 3)
    #expect(TestTexts.developer.hasPrefix(visible))
    #expect(
      visible.last.map { !$0.isWhitespace } == true, "whitespace before the ellipsis is trimmed")
    // One more grapheme (and the whitespace that follows it) would not fit.
    let longer = String(TestTexts.developer.prefix(visible.count + 1))
    let probe = try render(
      ExpandableText(text: longer + "... More").truncationStyle(.ellipsis).lineLimit(100))
    #expect(probe.layout.lines > 3 || longer.last!.isWhitespace)
  }

  @Test(arguments: TruncationStyle.allCases)
  func lineLimitOne(style: TruncationStyle) throws {
    let result = try render(
      ExpandableText(text: TestTexts.developer).lineLimit(1).truncationStyle(style))
    #expect(result.layout.exceedsLineLimit)
    #expect(result.layout.lines == 1)
    #expect(result.layout.label != nil)
  }

  @Test func aWordLongerThanTheWidthWrapsByCharacter() throws {
    let word = String(repeating: "Pneumonoultramicroscopicsilicovolcanoconiosis", count: 3)
    let options = RenderOptions(width: 120, state: .expanded)
    let expanded = try render(ExpandableText(text: word).lineLimit(2), options)
    #expect(expanded.layout.lines > 3)
    var collapsedOptions = options
    collapsedOptions.state = .collapsed
    let collapsed = try render(
      ExpandableText(text: word).lineLimit(2).truncationStyle(.ellipsis), collapsedOptions)
    #expect(collapsed.layout.lines == 2)
    #expect(word.hasPrefix(collapsed.layout.visibleText))
    #expect(collapsed.layout.visibleText.count > 5)
  }

  @Test(arguments: TruncationStyle.allCases)
  func emptyTextRendersWithoutError(style: TruncationStyle) throws {
    let result = try render(ExpandableText(text: "").truncationStyle(style))
    #expect(!result.layout.exceedsLineLimit)
    #expect(result.layout.lines == 1)
    #expect(result.image!.height > 0)
    #expect(result.layout.visibleText == "")
  }

  @Test func cutsAtWordBoundariesEndsOnAWholeWord() throws {
    let component = ExpandableText(text: TestTexts.lorem).truncationStyle(.ellipsis)
      .lineLimit(2).cutsAtWordBoundaries()
    for width in stride(from: 200.0, through: 400, by: 17) {
      let visible = try render(component, RenderOptions(width: width)).layout.visibleText
      let next = TestTexts.lorem.dropFirst(visible.count).first
      // A whole word ends before a space or punctuation ("tempor." is cut after "tempor").
      #expect(
        next == " " || next == "," || next == ".", "cut inside a word at width \(width): \(visible)"
      )
    }
  }

  @Test func withoutWordBoundariesTheCutMayFallInsideAWord() throws {
    let component = ExpandableText(text: TestTexts.lorem).truncationStyle(.ellipsis).lineLimit(2)
    let insideWord = try stride(from: 200.0, through: 400, by: 17).contains { width in
      let visible = try render(component, RenderOptions(width: width)).layout.visibleText
      return TestTexts.lorem.dropFirst(visible.count).first?.isLetter == true
    }
    #expect(insideWord)
  }

  @Test(arguments: [
    String(repeating: "👨‍👩‍👧‍👦🇯🇵", count: 40),
    String(repeating: "e\u{301}a\u{308}\u{323} ", count: 60),
    String(repeating: "🏳️‍🌈👍🏽", count: 40),
  ])
  func theCutNeverSplitsAGrapheme(text: String) throws {
    for width in [90.0, 151, 233] {
      let visible = try render(
        ExpandableText(text: text).truncationStyle(.ellipsis).lineLimit(2),
        RenderOptions(width: width)
      ).layout.visibleText
      let boundaries = Set(
        text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) })
      #expect(boundaries.contains(visible.utf8.count), "split at width \(width)")
      #expect(text.utf8.starts(with: visible.utf8))
    }
  }

  /// Left-to-right texts of any length take at most 3 layouts; right-to-left ones may add the
  /// exactness scan (Documentation/Architecture.md), still bounded by the candidates of the
  /// last lines, not by the text's length.
  @Test(arguments: TruncationStyle.allCases)
  func collapsedRenderMakesFewTextLayoutsWhateverTheLength(style: TruncationStyle) throws {
    let leftToRight = [
      TestTexts.lorem, TestTexts.japanese + TestTexts.japanese,
      String(repeating: TestTexts.lorem, count: 5), String(repeating: "👍 emoji 🎉 ", count: 300),
    ]
    let rightToLeft = [
      TestTexts.arabic + " " + TestTexts.arabic, TestTexts.hebrew + " " + TestTexts.hebrew,
    ]
    let renderer = try Renderer()
    for text in leftToRight + rightToLeft {
      for width in [120.0, 327, 500] {
        let component = ExpandableText(text: text).truncationStyle(style)
        let options = RenderOptions(width: width)
        let result = try render(component, options)
        #expect(result.layout.exceedsLineLimit)
        var bound = 3
        if style == .ellipsis && rightToLeft.contains(text) {
          let reference = try TruncationReference(component, options: options, renderer: renderer)
          bound = LayoutInvariants.maxLayouts(candidates: reference.candidates.count)
        }
        #expect(
          result.layout.layouts <= bound,
          "\(result.layout.layouts) layouts at width \(width), bound \(bound)")
      }
    }
  }
}

@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

@_spi(Reference) @testable import ExpandablePreview

/// One paragraph longer than Pango can lay out (``RenderLimits/maxParagraphCharacterPoints``):
/// a collapsed render lays out a bounded prefix of it and draws what the whole layout of its
/// start draws; what must be laid out whole (the expanded state, a paragraph a prefix cannot
/// end inside) is refused, naming the paragraph's whole length.
@Suite struct LongParagraphTests {
  static let casesPerStyle = 8
  static let seed: UInt64 = 58_823
  /// Longer than the limit at every size of ``TruncationCases/textFonts``.
  static let characters = 130_000
  /// The reference's text: short enough for a whole layout, far longer than N + 4 lines.
  static let referenceCharacters = 12_000

  /// `text` as one paragraph: its separators become spaces; repeated past `characters`.
  static func oneParagraph(_ text: String, characters: Int) -> String {
    var flat = String(
      text.unicodeScalars.map { scalar -> Character in
        scalar == "\n" || scalar == "\r" || scalar == "\u{2029}" ? " " : Character(scalar)
      })
    if flat.isEmpty { flat = "word" }
    var long = flat
    while long.unicodeScalars.count <= characters { long += " " + flat }
    return long
  }

  @Test(arguments: [TruncationStyle.fade, .ellipsis])
  func aCollapsedParagraphPastTheLimitDrawsWhatItsStartDraws(style: TruncationStyle) throws {
    let renderer = try Renderer()
    var laidOut = 0
    var problems: [String] = []
    for index in 0..<Self.casesPerStyle {
      var random = SplitMix64(seed: Self.seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index))
      let (generated, options) = BoundedPrefixReferenceTests.component(&random, style: style)
      // Plain text: a Markdown span closed past the reference's end would style it otherwise.
      var component = generated.markdown(false)
      var text = generated.text
      // Every fourth case keeps its right-to-left text; the others lose it, with a
      // right-to-left direction, so their prefix may end inside the paragraph.
      if index % 4 != 0 {
        text = String(
          String.UnicodeScalarView(
            text.unicodeScalars.filter {
              !BoundedPrefix.mayResolveRightToLeft((scalar: $0.value, end: 0))
            }))
        if component.direction == .rightToLeft { component = component.direction(.natural) }
      }
      component.text = Self.oneParagraph(text, characters: Self.characters)
      let drawn = Array(StyledText(component).text.utf8)
      let prefix = BoundedPrefix(text: drawn, direction: component.direction)
      guard prefix.allowsCutInside(0..<drawn.count) else {
        // Right to left somewhere: the prefix would end at the paragraph's end, so the whole
        // paragraph would be laid out, which Pango cannot do.
        #expect(throws: RenderError.self, "case \(index)") {
          try renderer.render(component, options: options)
        }
        continue
      }
      laidOut += 1
      let result = try renderer.render(component, options: options)
      var start = component
      start.text = String(component.text.prefix(Self.referenceCharacters))
      let reference = try renderer.render(start, options: options, wholeText: true)
      var layout = result.layout
      layout.layouts = reference.layout.layouts
      // The text element reads the whole text, which is longer than the reference's by design.
      layout.accessibilityElements[0].label = reference.layout.accessibilityElements[0].label
      if layout != reference.layout {
        problems.append("case \(index): layout \(layout) != \(reference.layout)")
      } else if result.image! != reference.image! {
        problems.append("case \(index): pixels differ")
      }
    }
    #expect(problems.isEmpty, "\(problems.count) differ: \(problems.prefix(3))")
    #expect(laidOut >= Self.casesPerStyle / 2, "only \(laidOut) cases were left to right")
  }

  static let paragraph = String(repeating: "word ", count: 20_000)

  @Test func aCollapsedParagraphOfAHundredThousandCharactersIsLaidOut() throws {
    let component = ExpandableText(text: Self.paragraph).font(.custom("DejaVu Sans 17"))
      .lineLimit(3)
    let result = try Renderer().render(
      component, options: RenderOptions(width: 327, scale: 2, state: .collapsed))
    #expect(result.layout.exceedsLineLimit)
    #expect(result.layout.lines == 3)
  }

  @Test func anExpandedParagraphPastTheLimitIsRefusedNamingItsLength() {
    let component = ExpandableText(text: Self.paragraph).font(.custom("DejaVu Sans 17"))
    #expect {
      try Renderer().render(component, options: RenderOptions(width: 327, state: .expanded))
    } throws: { error in
      "\(error)".contains(
        "a paragraph of 100000 characters is too long to lay out at 17.0 pt (the limit is "
          + "58823 characters at that size)")
    }
  }

  @Test func aRightToLeftParagraphPastTheLimitIsRefusedCollapsedToo() {
    let hebrew = String(repeating: "שלום ", count: 20_000)
    let component = ExpandableText(text: hebrew).font(.custom("DejaVu Sans 17"))
    #expect {
      try Renderer().render(component, options: RenderOptions(width: 327, state: .collapsed))
    } throws: { error in
      "\(error)".contains("a paragraph of 100000 characters is too long to lay out at 17.0 pt")
    }
  }
}

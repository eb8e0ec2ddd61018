import ExpandablePreview
import ExpandablePreviewFuzzing
import TestSupport
import Testing

/// The reproductions (r1–r9), each with the prefix the brute-force reference keeps
/// written out. They failed before the cut was exact.
@Suite struct TruncationRegressionTests {
  func ellipsis(
    _ text: String, font: Font = .custom("DejaVu Sans 17"), width: Double, lineLimit: Int,
    ellipsis: String = "... ", label: TextSet = TextSet(text: "More")
  ) throws -> (layout: LayoutResult, reference: TruncationReference) {
    let component = ExpandableText(text: text).font(font).lineLimit(lineLimit)
      .truncationStyle(.ellipsis).ellipsis(ellipsis).expandButton(label)
    let options = RenderOptions(width: width, state: .collapsed)
    let renderer = try Renderer()
    return (
      try renderer.layout(of: component, options: options),
      try TruncationReference(component, options: options, renderer: renderer)
    )
  }

  /// A cut inside the word that wrapping moved down to line 2.
  @Test func r1CutsIntoTheWordWrappingMovedDown() throws {
    let (layout, reference) = try ellipsis(
      "Being a developer extraordinaire", width: 250, lineLimit: 1)
    #expect(layout.visibleText == "Being a developer ex")
    #expect(reference.keptBytes == "Being a developer ex".utf8.count)
    #expect(layout.lines == 1)
  }

  /// The label wraps onto its own last line.
  @Test func r2LabelOnItsOwnLastLine() throws {
    let (layout, reference) = try ellipsis(
      "WWWWW them iOS", font: .custom("Liberation Sans 16"), width: 40, lineLimit: 4,
      ellipsis: "… ")
    #expect(layout.visibleText == "WWWWW t")
    #expect(reference.keptBytes == 7)
    #expect(layout.lines <= 4)
  }

  @Test func r3ArabicKeepsItsFirstLetters() throws {
    let (layout, reference) = try ellipsis(
      "اليسار عرض 2024", width: 80, lineLimit: 1, ellipsis: "...")
    #expect(layout.visibleText == "ال")
    #expect(reference.keptBytes == "ال".utf8.count)
    #expect(layout.lines == 1)
  }

  /// A label font taller and wider than the text's.
  @Test func r4LabelInAnotherFont() throws {
    let (layout, reference) = try ellipsis(
      "top ipsum", width: 40, lineLimit: 2, ellipsis: "⋯ ",
      label: TextSet(text: "More", font: .custom("Liberation Serif Italic 18")))
    #expect(layout.visibleText == "to")
    #expect(reference.keptBytes == 2)
    #expect(layout.lines <= 2)
  }

  /// The issue does not give its paragraph; with this one the reference keeps 29 characters
  /// (the old cut kept 25 and drew 5 lines, the label split across two).
  @Test func r5ArabicParagraphKeepsTwentyNineCharacters() throws {
    let (layout, reference) = try ellipsis(
      TestTexts.arabic, font: .custom("DejaVu Serif 16"), width: 80, lineLimit: 4,
      ellipsis: "...", label: TextSet(text: "More", font: .body))
    #expect(layout.visibleText == "هذا نص عربي طويل بما يكفي ليل")
    #expect(reference.keptBytes == layout.visibleText.utf8.count)
    #expect(layout.lines <= 4)
  }

  /// Not even the ellipsis and the label fit: the label alone, ellipsized, on one line.
  @Test func r6NoPrefixFits() throws {
    let (layout, reference) = try ellipsis(
      "で生れ", width: 45, lineLimit: 1, ellipsis: " — ", label: TextSet(text: "Read more"))
    #expect(reference.keptBytes == nil)
    #expect(layout.visibleText == "")
    #expect(!layout.labelFits)
    #expect(layout.lines == 1)
    let label = try #require(layout.label)
    #expect(label.x >= 0 && label.maxX <= 45)
  }

  /// Thai SARA AM stays with the letter before it: no cut between them.
  @Test func thaiSaraAmIsNeverCutOff() throws {
    let text = String(repeating: "ทำน้ำ", count: 12)
    for width in stride(from: 40.0, through: 140, by: 3.5) {
      let (layout, reference) = try ellipsis(text, width: width, lineLimit: 2)
      #expect(!layout.visibleText.hasSuffix("\u{E33}") || layout.visibleText.last == "ทำ".last)
      #expect(layout.visibleText.utf8.count == reference.keptBytes ?? 0, "width \(width)")
      let end = text.utf8.index(text.startIndex, offsetBy: layout.visibleText.utf8.count)
      #expect(String.Index(end, within: text) != nil, "width \(width)")
    }
  }

  func fade(_ text: String) throws -> RenderResult {
    let component = ExpandableText(text: text).font(.custom("DejaVu Sans 11")).lineLimit(1)
      .expandButton(TextSet(text: "more", font: .custom("DejaVu Sans 22")))
    return try Renderer().render(component, options: RenderOptions(width: 120, scale: 2))
  }

  /// A label twice the text's size stays inside the image, under a fade as tall as it.
  @Test func r8TallLabelStaysInsideTheImage() throws {
    let layout = try fade("Lorem ipsum dolor sit amet, consectetur").layout
    let label = try #require(layout.label)
    let fade = try #require(layout.fade)
    #expect(label.y >= 0 && label.maxY <= layout.size.height)
    #expect(fade.y <= label.y && fade.maxY >= label.maxY)
  }

  /// The line above a tall label does not show behind it.
  @Test func r9NoTextBehindATallLabel() throws {
    let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod amet"
    let component = ExpandableText(text: text).font(.custom("DejaVu Sans 11")).lineLimit(2)
      .expandButton(TextSet(text: "more", font: .custom("DejaVu Sans 22")))
    let options = RenderOptions(width: 120, scale: 2)
    let ink = TruncationReferenceTests.inkBehindLabel(component, options, renderer: try Renderer())
    #expect(ink == nil)
  }
}

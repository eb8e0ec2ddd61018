@_spi(Benchmark) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import Testing

/// The speed budget in layouts, on a mixed corpus (the first 40 texts of the benchmark's): a
/// collapsed fade render lays the text out once; a collapsed ellipsis render stays within the
/// galloping search's bound and makes at most 3 layouts on average.
@Suite struct LayoutCountTests {
  static let corpus = MixedCorpus.texts(count: 40)

  @Test(arguments: TruncationStyle.allCases)
  func collapsedRenderStaysWithinTheLayoutBound(style: TruncationStyle) throws {
    let renderer = try Renderer()
    var truncated = 0
    var total = 0
    for (index, text) in Self.corpus.enumerated() {
      let component = ExpandableText(text: text).font(.custom("DejaVu Sans 17")).lineLimit(3)
        .truncationStyle(style)
      let options = RenderOptions(width: 327, scale: 2, state: .collapsed)
      let layout = try renderer.layout(of: component, options: options)
      let reference = try TruncationReference(component, options: options, renderer: renderer)
      let bound =
        style == .fade ? 1 : LayoutInvariants.maxLayouts(candidates: reference.candidates.count)
      #expect(layout.layouts >= 1 && layout.layouts <= bound, "text \(index): \(layout.layouts)")
      total += layout.layouts
      if layout.exceedsLineLimit { truncated += 1 }
    }
    // The corpus must exercise truncation, or the bound above says little.
    #expect(truncated >= 30)
    #expect(Double(total) / Double(Self.corpus.count) <= 3)
  }

  @Test func corpusIsDeterministicAndMixed() {
    #expect(MixedCorpus.texts(count: 40) == Self.corpus)
    #expect(MixedCorpus.texts(count: 200).prefix(40).elementsEqual(Self.corpus))
    let all = Self.corpus.joined()
    #expect(all.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }, "Japanese")
    #expect(all.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }, "Arabic")
    #expect(all.unicodeScalars.contains { $0.properties.isEmojiPresentation }, "emoji")
    #expect(all.contains("\n"))
    let lengths = MixedCorpus.texts(count: 200).map(\.count)
    #expect(lengths.min() == MixedCorpus.shortest)
    #expect(lengths.max() == MixedCorpus.longest)
  }
}

@_spi(Benchmark) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import Testing

/// The speed budget in layouts: a collapsed render lays the full text out at most three times,
/// for every text of a mixed corpus (the first 40 texts of the benchmark's corpus).
@Suite struct LayoutCountTests {
  static let corpus = MixedCorpus.texts(count: 40)

  @Test(arguments: TruncationStyle.allCases)
  func collapsedRenderMakesAtMostThreeLayouts(style: TruncationStyle) throws {
    let renderer = Renderer()
    var truncated = 0
    for (index, text) in Self.corpus.enumerated() {
      let component = ExpandableText(text: text).font(.custom("DejaVu Sans 17")).lineLimit(3)
        .truncationStyle(style)
      let layout = try renderer.layout(
        of: component, options: RenderOptions(width: 327, scale: 2, state: .collapsed))
      #expect(layout.layouts >= 1 && layout.layouts <= 3, "text \(index): \(layout.layouts)")
      if layout.truncated { truncated += 1 }
    }
    // The corpus must exercise truncation, or the bound above says little.
    #expect(truncated >= 30)
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

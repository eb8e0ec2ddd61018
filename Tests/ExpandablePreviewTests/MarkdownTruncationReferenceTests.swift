@_spi(Reference) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

/// A Markdown text's truncation obeys the same brute-force ``TruncationReference`` as plain text,
/// with its attributes: the reference lays each candidate prefix out with its styles, as the
/// renderer paints it. The cases are ``TruncationCases``' texts with random runs of words made
/// strong, emphasized, code, struck through or links; each is also checked as its drawn text in
/// plain, so the styled cut is held to exactly what the plain one is.
@Suite struct MarkdownTruncationReferenceTests {
  static let wrappers = [
    ("**", "**"), ("*", "*"), ("`", "`"), ("~~", "~~"), ("[", "](https://l.k)"), ("***", "***"),
  ]

  /// Case `index` of ``TruncationCases`` with some runs of its space-separated words styled.
  static func component(_ index: Int, style: TruncationStyle) -> (ExpandableText, RenderOptions) {
    let (plain, options) = TruncationCases.component(index, style: style, seed: seed)
    var random = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ seed)
    var words = plain.text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    var start = 0
    while start < words.count {
      let run = 1 + random.int(in: 0...3)
      let end = min(words.count, start + run) - 1
      if random.int(in: 0...2) == 0, !words[start].isEmpty, !words[end].isEmpty {
        let (open, close) = wrappers[random.int(in: 0...(wrappers.count - 1))]
        words[start] = open + words[start]
        words[end] += close
      }
      start = end + 1
    }
    var markdown = plain.markdown()
    markdown.text = words.joined(separator: " ")
    return (markdown, options)
  }

  static let batches = 0..<4
  /// 150 in full; ``ReferenceSample`` picks this run's share.
  static let casesPerBatch = ReferenceSample.count(150)
  static let seed = ReferenceSample.seed(15)
  static let replay = ReferenceSample.replay("MarkdownTruncationReferenceTests")

  @Test(arguments: TruncationStyle.allCases, batches)
  func markdownTruncationMatchesTheReference(style: TruncationStyle, batch: Int) throws {
    let renderer = try Renderer()
    var truncated = 0
    var styled = 0
    var problems: [String] = []
    for index in (batch * Self.casesPerBatch)..<((batch + 1) * Self.casesPerBatch) {
      let (markdown, options) = Self.component(index, style: style)
      var plain = markdown.markdown(false)
      plain.text = try TruncationProbe(markdown, options: options, renderer: renderer).text
      if plain.text != markdown.text { styled += 1 }
      for component in [markdown, plain] {
        let reference = try TruncationReference(component, options: options, renderer: renderer)
        let layout = try renderer.layout(of: component, options: options)
        guard reference.truncated else { continue }
        truncated += 1
        for (kind, message) in reference.mismatches(ofCollapsed: layout, component) {
          let which = component.isMarkdown ? "markdown" : "plain"
          problems.append("case \(index) \(which): \(kind): \(message)")
        }
      }
    }
    #expect(styled > Self.casesPerBatch / 2, "too few cases are styled to say much")
    #expect(truncated > Self.casesPerBatch, "too few cases truncate to say much")
    #expect(
      problems.isEmpty,
      "\(problems.count) mismatches: \(problems.prefix(3)); \(Self.replay)"
    )
  }
}

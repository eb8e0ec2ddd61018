import ExpandablePreview
import Testing

@testable import ExpandablePreviewDevTools
@testable import ExpandablePreviewEngine

/// `bench --lengths` reports ms per collapsed render at each length, and a paragraph too long
/// to lay out whole is measured with the bounded prefix while its whole layout is refused.
@Suite struct LengthBenchmarkTests {
  @Test func aHundredThousandCharacterParagraphIsMeasuredBoundedAndRefusedWhole() throws {
    let benchmark = try LengthBenchmark.run(
      repetitions: 1, kinds: [LengthBenchmark.oneParagraph], lengths: [1_000, 100_000])
    #expect(benchmark.rows.map(\.characters) == [1_000, 100_000, 1_000, 100_000])
    #expect(benchmark.rows.map(\.style) == [.fade, .fade, .ellipsis, .ellipsis])
    for row in benchmark.rows {
      #expect(row.bounded > 0)
      #expect((row.wholeText == nil) == (row.characters == 100_000), "\(row)")
    }
    let lines = benchmark.text.split(separator: "\n")
    #expect(lines.count == 2 + 4)
    #expect(lines.last?.hasPrefix("  ellipsis  latin, 1 paragraph") == true, "\(benchmark.text)")
    #expect(lines.last?.hasSuffix("refused") == true, "\(benchmark.text)")
    #expect(benchmark.json[1]["wholeTextMilliseconds"] == "refused")
    #expect(benchmark.json[0]["characters"] == "1000")
  }

  @Test func theOneParagraphTextHasNoLineBreakAndTheLengthAsked() {
    let corpus = ["one\ntwo", "x", "y", "z", "w", "three\r\nfour"]
    let text = LengthBenchmark.oneParagraph(kind: 0, characters: 10, corpus: corpus)
    #expect(text == "one two th")
    let hasLineBreak = text.contains { $0.isNewline }
    #expect(!hasLineBreak)
  }
}

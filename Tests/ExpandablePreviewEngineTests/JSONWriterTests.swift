@_spi(Benchmark) import ExpandablePreviewFuzzing
import Testing

@testable import ExpandablePreviewEngine

/// The JSON writer against the project's JSON reader: what it writes reads back to the same
/// value, for seeded random strings with every kind of character that needs escaping.
@Suite struct JSONWriterTests {
  @Test func randomStringsRoundTripThroughTheReader() throws {
    var generator = SplitMix64(seed: 24)
    let pieces: [String] = [
      "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "a",
      "é", "日", "👩‍👩‍👧", "/", " ", "\u{FEFF}",
    ]
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let written = "{\"text\": \(JSONWriter.quoted(text))}"
      let node = try JSONReader.parse(Array(written.utf8))
      guard case .object(let members) = node.value, case .string(let read) = members[0].value.value
      else {
        Issue.record("not an object with a string: \(written)")
        continue
      }
      #expect(read == text)
    }
  }
}

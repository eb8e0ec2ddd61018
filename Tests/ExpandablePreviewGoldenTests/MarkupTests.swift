@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import ExpandablePreviewSupport
import Foundation
import Testing

/// `Markup` leaves plain text and plain paths as they are without looking at their characters;
/// on any text it gives what the full escaping gives (the reference, written out here).
@Suite struct MarkupTests {
  static let pieces =
    [
      "a", "Z", "0", " ", "-", ".", "_", "~", "@", "/", "&", "<", ">", "\"", "'", "%", "#", "?",
      "\t", "\n", "\r\n", "\u{1}", "\u{7F}", "\u{85}", "é", "e\u{301}", "\"\u{301}", "日本",
      "🙂", "\u{202E}",
    ] + [0xFFFE, 0xFDD0].map { String(Unicode.Scalar(UInt32($0))!) }

  static func text(_ random: inout SplitMix64, plain: Bool) -> String {
    let choices = plain ? Array(pieces.prefix(9)) : pieces
    return (0..<Int.random(in: 0...8, using: &random)).map { _ in
      choices.randomElement(using: &random)!
    }.joined()
  }

  /// Every byte outside `A-Z a-z 0-9 - . _ ~ @` of each segment as `%XX`.
  static func referenceLink(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      segment.utf8.map { byte in
        let kept = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@".utf8)
        return kept.contains(byte)
          ? String(UnicodeScalar(byte)) : "%" + String(format: "%02X", byte)
      }.joined()
    }.joined(separator: "/")
  }

  @Test func escapingAndLinksEqualTheFullEscapingOnRandomTexts() {
    var random = SplitMix64(seed: 11)
    for round in 0..<3000 {
      let text = Self.text(&random, plain: round % 2 == 0)
      #expect(
        Markup.escape(text) == XMLText.escaped(VisibleText.of(text)), "\(text.debugDescription)")
      #expect(Markup.link(text) == Self.referenceLink(text), "\(text.debugDescription)")
    }
    #expect(Markup.escape("a&b <c> \"d\" 'e'") == "a&amp;b &lt;c&gt; &quot;d&quot; &#39;e&#39;")
    #expect(Markup.link("item one/collapsed@2x.png") == "item%20one/collapsed@2x.png")
  }

  /// A parser reads code points: a quote or bracket that a combining mark joins into one Swift
  /// Character still ends an attribute or opens a tag, so it is escaped like a lone one.
  @Test func aQuoteOrBracketFollowedByACombiningMarkIsEscaped() {
    #expect(XMLText.escaped("\"\u{301}") == "&quot;\u{301}")
    #expect(XMLText.escaped("<\u{338}a") == "&lt;\u{338}a")
    #expect(Markup.escape("x\"\u{301} onclick=y") == "x&quot;\u{301} onclick=y")
    #expect(Markup.escape("'\u{300}&\u{302}>\u{303}") == "&#39;\u{300}&amp;\u{302}&gt;\u{303}")
  }

  /// A right-to-left quote in "old → new" is isolated, so it cannot pull the arrow or the other
  /// side across; the quoted text is still escaped.
  @Test func quotedTextsAreIsolatedInBdiAndStillEscaped() {
    #expect(
      Markup.escapeIsolatingQuotes("cut moved: “שלום <b>” → “…עולם”")
        == "cut moved: “<bdi>שלום &lt;b&gt;</bdi>” → “<bdi>…עולם</bdi>”")
    #expect(Markup.escapeIsolatingQuotes("lines 3 → 2") == "lines 3 → 2")
    #expect(Markup.escapeIsolatingQuotes("an open “quote") == "an open “quote")
  }
}

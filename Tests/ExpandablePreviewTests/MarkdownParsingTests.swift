import Testing

@testable import ExpandablePreview

/// Inline Markdown to plain text and styled runs, as SwiftUI's `Text` reads it: cmark-gfm
/// parses, block syntax stays literal, breaks are line breaks.
@Suite struct MarkdownParsingTests {
  private func runs(_ markdown: String) -> [(String, InlineStyle)] {
    let styled = MarkdownParser.parse(markdown)
    let bytes = Array(styled.text.utf8)
    return styled.runs.map { (String(decoding: bytes[$0.bytes], as: UTF8.self), $0.style) }
  }

  @Test func eachInlineStyleBecomesARunOverThePlainText() {
    let styled = MarkdownParser.parse(
      "a **b** *i* ***bi*** `c()` ~~s~~ [l](https://x.y) ~one~ plain")
    #expect(styled.text == "a b i bi c() s l ~one~ plain")
    let found = runs("a **b** *i* ***bi*** `c()` ~~s~~ [l](https://x.y) ~one~ plain")
    #expect(found.map(\.0) == ["b", "i", "bi", "c()", "s", "l"])
    #expect(found[0].1 == InlineStyle(isBold: true))
    #expect(found[1].1 == InlineStyle(isItalic: true))
    #expect(found[2].1 == InlineStyle(isBold: true, isItalic: true))
    #expect(found[3].1 == InlineStyle(isCode: true))
    #expect(found[4].1 == InlineStyle(isStrikethrough: true))
    #expect(found[5].1 == InlineStyle(link: "https://x.y"))
  }

  @Test func stylesNestInsideLinksAndALinkSplitByStylesIsOneLink() {
    let styled = MarkdownParser.parse("see [the **bold** site](https://a.b) now")
    #expect(styled.text == "see the bold site now")
    let links = styled.links(before: styled.text.utf8.count)
    #expect(links.count == 1)
    #expect(links.first?.url == "https://a.b")
    #expect(links.first?.bytes == 4..<17)
    #expect(
      runs("see [the **bold** site](https://a.b) now").map(\.1.isBold) == [false, true, false])
  }

  @Test func blockSyntaxStaysLiteral() {
    let source = """
      # Heading
      ## Sub
      - item
      + item
      * item
      > quote
      1. one
      2) two
      ```swift
      ~~~
      ---
      ***
      ___
          indented code
      \tindented by a tab
      [label]: https://example.com
      <div>html block</div>
      Setext
      ===
      Other
      --
      | a | b |
      """
    let styled = MarkdownParser.parse(source)
    #expect(styled.text == source)
    #expect(styled.runs.isEmpty)
  }

  @Test func inlineSyntaxStillWorksAtTheStartOfALine() {
    #expect(runs("**Bold** start\n*it* here\n[link](u) first").map(\.0) == ["Bold", "it", "link"])
    #expect(MarkdownParser.parse("#hashtag and 2024.").text == "#hashtag and 2024.")
  }

  @Test func softAndHardBreaksAreLineBreaksAndBlankLinesStay() {
    #expect(MarkdownParser.parse("one\ntwo").text == "one\ntwo")
    #expect(MarkdownParser.parse("one  \ntwo").text == "one\ntwo")
    #expect(MarkdownParser.parse("one\\\ntwo").text == "one\ntwo")
    #expect(MarkdownParser.parse("one\n\ntwo\n\n\nthree").text == "one\n\ntwo\n\n\nthree")
    #expect(MarkdownParser.parse("**bold\nacross** lines").text == "bold\nacross lines")
  }

  @Test func htmlIsShownAsTypedAndAnImageAsItsAltText() {
    #expect(MarkdownParser.parse("an <b>inline</b> tag").text == "an <b>inline</b> tag")
    #expect(MarkdownParser.parse("a ![cat](cat.png) b").text == "a cat b")
    #expect(MarkdownParser.parse("AT&amp;T \\*not\\*").text == "AT&T *not*")
  }

  @Test func unbalancedOrUnsupportedSyntaxIsText() {
    let cases = [
      "**open", "*a **b* c**", "[broken](", "`unclosed", "~~~~", "<", "\\", "&#0;",
      "| a | b |\n|---|---|", "[^note]", "- [ ] task", "www.example.com",
    ]
    for source in cases {
      let styled = MarkdownParser.parse(source)
      #expect(!styled.text.isEmpty, "\(source.debugDescription)")
      for run in styled.runs {
        #expect(run.bytes.upperBound <= styled.text.utf8.count)
      }
    }
    // The NUL character reference becomes U+FFFD, which Pango can lay out.
    #expect(MarkdownParser.parse("&#0;").text == "\u{FFFD}")
  }
}

/// cmark-gfm switches its inline parser's special characters in a table shared by the whole
/// process (`cmark_manage_extensions_special_characters`) around every parse: parses on other
/// threads must not see `~` switched off, so every thread reads strikethrough the same.
@Suite struct MarkdownConcurrencyTests {
  @Test func parsesOnManyThreadsAllReadStrikethrough() async {
    let results = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask {
          (0..<400).map { _ in MarkdownParser.parse("a ~~struck~~ and **bold** z").text }
        }
      }
      var all: [String] = []
      for await texts in group { all += texts }
      return all
    }
    #expect(results.count == 3200)
    #expect(Set(results) == ["a struck and bold z"])
  }
}

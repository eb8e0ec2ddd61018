import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import TestSupport
import Testing

/// Markdown as drawn: each style changes the pixels of its own words and nowhere else, links
/// report frames that cover their ink, plain text stays literal, and no Markdown fails a render.
@Suite struct MarkdownRenderTests {
  static let options = RenderOptions(width: 360, scale: 2)

  /// The pixel columns and rows (at scale 2) where two images differ.
  static func differences(_ a: Image, _ b: Image) -> [(x: Int, y: Int)] {
    precondition(a.width == b.width && a.height == b.height)
    var found: [(x: Int, y: Int)] = []
    for y in 0..<a.height {
      for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
        found.append((x, y))
      }
    }
    return found
  }

  /// The frame of `word` in `sentence` (words as they are laid out in the plain text): the
  /// frame of the same word made a link, which changes only its color, not its width.
  static func frame(of word: String, in sentence: String) throws -> Rect {
    let linked = sentence.replacingOccurrences(of: word, with: "[\(word)](https://w.x)")
    let layout = try render(ExpandableText(markdown: linked).lineLimit(9), options).layout
    let link = try #require(layout.links.first)
    #expect(link.frames.count == 1)
    return try #require(link.frames.first)
  }

  static func pixels(_ rect: Rect, margin: Double = 0) -> (x: Range<Int>, y: Range<Int>) {
    let scale = Double(options.scale)
    return (
      Int(
        ((rect.x - margin) * scale).rounded(.down))..<Int(
          ((rect.maxX + margin) * scale).rounded(.up)),
      Int((rect.y * scale).rounded(.down))..<Int((rect.maxY * scale).rounded(.up))
    )
  }

  /// Styles that keep widths (strikethrough, link color) change only the styled word's box.
  @Test(arguments: ["~~WORD~~", "[WORD](https://example.com)"])
  func aStyleThatKeepsWidthsChangesOnlyItsWord(markup: String) throws {
    let sentence = "Before the WORD and after it."
    let plain = try render(ExpandableText(text: sentence).lineLimit(9), Self.options)
    let styled = try render(
      ExpandableText(markdown: sentence.replacingOccurrences(of: "WORD", with: markup))
        .lineLimit(9), Self.options)
    let box = Self.pixels(try Self.frame(of: "WORD", in: sentence))
    let changed = Self.differences(plain.image!, styled.image!)
    #expect(changed.count > 20, "the style changed almost nothing")
    let outside = changed.filter { !box.x.contains($0.x) || !box.y.contains($0.y) }
    #expect(outside.isEmpty, "\(outside.count) pixels changed outside \(box)")
  }

  /// Styles that change widths (bold, italic, code) change the word and what follows it on its
  /// line, never anything before it or on other lines. Italic may lean half a point left.
  @Test(arguments: ["**WORD**", "*WORD*", "`WORD`"])
  func aStyleThatChangesWidthsChangesItsWordOnwards(markup: String) throws {
    let sentence = "Before the WORD"
    let plain = try render(ExpandableText(text: sentence + "\nnext line"), Self.options)
    let styled = try render(
      ExpandableText(
        markdown: sentence.replacingOccurrences(of: "WORD", with: markup) + "\nnext line"),
      Self.options)
    #expect(plain.image!.height == styled.image!.height)
    let box = Self.pixels(try Self.frame(of: "WORD", in: sentence), margin: 0.5)
    let changed = Self.differences(plain.image!, styled.image!)
    #expect(changed.count > 20, "the style changed almost nothing")
    let outside = changed.filter { $0.x < box.x.lowerBound || !box.y.contains($0.y) }
    #expect(outside.isEmpty, "\(outside.count) pixels changed before the word or off its line")
  }

  @Test func plainTextStaysLiteralByDefault() throws {
    let text = "**not bold** <b>tag</b> [no](link) # no heading"
    let result = try render(ExpandableText(text: text), Self.options)
    #expect(result.layout.visibleText == text)
    #expect(result.layout.links.isEmpty)
    let markdown = try render(ExpandableText(markdown: text), Self.options)
    #expect(markdown.layout.visibleText == "not bold <b>tag</b> no # no heading")
    // The modifier and the initializer are the same switch.
    #expect(ExpandableText(text: text).markdown() == ExpandableText(markdown: text))
  }

  /// Every pixel in the link's tint lies inside one of its frames, on each line it spans.
  @Test func linkFramesCoverTheLinksInk() throws {
    let red = Color(Color.RGBA(red: 1, green: 0, blue: 0))
    let component = ExpandableText(
      markdown:
        "Read the [full and rather long story on our website](https://example.com/s) today, please."
    )
    .lineLimit(9).tint(red)
    let result = try render(component, RenderOptions(width: 200, scale: 2))
    let link = try #require(result.layout.links.first)
    #expect(link.url == "https://example.com/s")
    #expect(link.frames.count >= 2, "the link should span lines: \(link.frames)")
    let boxes = link.frames.map { Self.pixels($0) }
    var ink = 0
    for y in 0..<result.image!.height {
      for x in 0..<result.image!.width {
        let p = result.image!.pixel(x: x, y: y)
        // Red ink over white: green and blue fall, red stays.
        guard Int(p.r) - Int(p.g) > 60 else { continue }
        ink += 1
        #expect(
          boxes.contains { $0.x.contains(x) && $0.y.contains(y) }, "red pixel (\(x), \(y)) outside")
      }
    }
    #expect(ink > 100)
  }

  @Test func theEllipsisKeepsTheStylesOfTheKeptPrefix() throws {
    let component = ExpandableText(
      markdown:
        "Some **boldly stated words that run on** and [a link that runs on and on](https://l.k) past the limit of lines."
    )
    .lineLimit(1).truncationStyle(.ellipsis)
    let layout = try render(component, RenderOptions(width: 220, scale: 2)).layout
    #expect(layout.exceedsLineLimit)
    #expect(!layout.visibleText.contains("*"))
    #expect("Some boldly stated words that run on and a link".hasPrefix(layout.visibleText))
    // The cut is inside the bold words: up to the end of its ink, the kept prefix drawn alone
    // in Markdown looks the same as the cut render, and unlike the same prefix drawn plain.
    let options = RenderOptions(width: 220, scale: 2)
    let boldPart = String(layout.visibleText.dropFirst("Some ".count))
    #expect(!boldPart.isEmpty && !boldPart.hasSuffix("on"))
    let cut = try render(component, options).image!
    let alone = try render(ExpandableText(markdown: "Some **\(boldPart)**").lineLimit(1), options)
      .image!
    let plain = try render(ExpandableText(text: "Some \(boldPart)").lineLimit(1), options).image!
    let inkEnd = (0..<alone.width).last { x in
      (0..<alone.height).contains { alone.pixel(x: x, y: $0) != alone.pixel(x: 0, y: 0) }
    }
    let columns = 0..<max(0, (inkEnd ?? 0) - 1)
    func same(_ a: Image, _ b: Image) -> Bool {
      a.height == b.height
        && columns.allSatisfy { x in
          (0..<a.height).allSatisfy { a.pixel(x: x, y: $0) == b.pixel(x: x, y: $0) }
        }
    }
    #expect(columns.count > 100)
    #expect(same(cut, alone), "the kept prefix is not drawn as in the Markdown")
    #expect(!same(cut, plain), "the kept prefix is drawn plain")
  }

  @Test func visibleLinksAreOnlyTheVisibleOnes() throws {
    let component = ExpandableText(
      markdown:
        "[first](https://1.one) words words words words words words words words words words words words [second](https://2.two)"
    )
    .lineLimit(1)
    for style in TruncationStyle.allCases {
      let layout = try render(component.truncationStyle(style), RenderOptions(width: 250)).layout
      #expect(layout.links.map(\.url) == ["https://1.one"], "\(style)")
      let expanded = try render(
        component.truncationStyle(style), RenderOptions(width: 250, state: .expanded)
      ).layout
      #expect(expanded.links.map(\.url) == ["https://1.one", "https://2.two"], "\(style)")
    }
  }

  /// In the fade style a link's frame on the last line stops where the label's hidden area
  /// starts.
  @Test func aFadedLinkFrameStopsBeforeTheLabel() throws {
    let component = ExpandableText(
      markdown:
        "Words before the link: [a link that runs right under the more label and on past the end of the line](https://u.rl)"
    ).lineLimit(2)
    let layout = try render(component, RenderOptions(width: 260)).layout
    let fade = try #require(layout.fade)
    let label = try #require(layout.label)
    let frames = try #require(layout.links.first?.frames)
    let last = try #require(frames.last)
    #expect(abs(last.y - fade.y) < 0.01, "the link reaches the faded line")
    #expect(last.maxX <= fade.maxX + 1e-9)
    #expect(last.maxX <= label.x + 1e-9)
  }

  /// Random strings of Markdown punctuation, letters, spaces and newlines render in both
  /// styles and states without an error, and show the text cmark-gfm read.
  @Test func noMarkdownFailsARender() throws {
    let alphabet = Array("*_`~[]()<>#!\\&;:-+=|.1 \n\taé日😀")
    let renderer = try Renderer()
    var random = SplitMix64(seed: 15)
    for index in 0..<300 {
      let length = Int(random.next() % 60)
      let text = String(
        (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      let style: TruncationStyle = index % 2 == 0 ? .fade : .ellipsis
      let component = ExpandableText(markdown: text).lineLimit(2).truncationStyle(style)
      for state in ExpansionState.allCases {
        let result = try renderer.render(
          component, options: RenderOptions(width: 120, scale: 1, state: state))
        #expect(result.image!.width == 120)
      }
    }
    for text in ["", "[]()", "**", "<", "\n\n\n"] {
      #expect(throws: Never.self) {
        try renderer.render(ExpandableText(markdown: text), options: RenderOptions())
      }
    }
  }
}

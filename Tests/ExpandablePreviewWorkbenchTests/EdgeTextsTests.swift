import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import Testing

@testable import ExpandablePreviewEngine
@testable import ExpandablePreviewWorkbench

/// The edge texts' search against a plain scan: the longest prefix that fits the line limit is
/// the one a layout of every length, from the shortest up, finds first.
@Suite struct EdgeTextsTests {
  static let words = [
    "a", "bio", "designer", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog",
    "internationalization", "日本語", "emoji👍🏽", "café", "—", "x",
  ]

  @Test func theSearchFindsThePrefixAPlainScanFinds() throws {
    var generator = SplitMix64(seed: 2401)
    let renderer = try Renderer(fontSet: .standard)
    for _ in 0..<24 {
      let text = (0..<Int.random(in: 3...30, using: &generator)).map { _ in
        Self.words.randomElement(using: &generator)!
      }.joined(separator: " ")
      let flags: [(name: String, value: String)] = [
        ("--width", String(Int.random(in: 120...400, using: &generator))),
        ("--line-limit", String(Int.random(in: 1...3, using: &generator))),
        ("--style", ["fade", "ellipsis"].randomElement(using: &generator)!),
      ]
      let preview = try ItemPreview(text: text, flags: flags)
      let found = try #require(
        try EdgeTexts.longestFittingPrefix(of: text, preview: preview, renderer: renderer))
      // The reference: lay out every length of the same source from 1 up; the answer is the
      // length before the first that exceeds the limit.
      var component = preview.component
      var options = preview.options
      options.state = .collapsed
      let graphemes = Array(found.source)
      var firstExceeding = graphemes.count + 1
      for length in 1...graphemes.count {
        component.text = String(graphemes.prefix(length))
        if try renderer.layout(of: component, options: options).exceedsLineLimit {
          firstExceeding = length
          break
        }
      }
      #expect(found.count == firstExceeding - 1, "\(text) \(flags)")
    }
  }

  @Test func theSearchLaysOutFewTextsForAShortTextAtAHighLineLimit() throws {
    let renderer = try Renderer(fontSet: .standard)
    let preview = try ItemPreview(text: "a", flags: [("--line-limit", "100")])
    // Asked once before each layout: the count of layouts.
    var layouts = 0
    let found = try #require(
      try EdgeTexts.longestFittingPrefix(
        of: "a", preview: preview, renderer: renderer,
        isCancelled: {
          layouts += 1
          return false
        }))
    #expect(layouts <= 64, "\(layouts) layouts")
    var component = preview.component
    var options = preview.options
    options.state = .collapsed
    let graphemes = Array(found.source)
    component.text = String(graphemes.prefix(found.count))
    #expect(try !renderer.layout(of: component, options: options).exceedsLineLimit)
    component.text = String(graphemes.prefix(found.count + 1))
    #expect(try renderer.layout(of: component, options: options).exceedsLineLimit)
  }

  @Test func aCancelledSearchStopsAtItsNextLayout() throws {
    let renderer = try Renderer(fontSet: .standard)
    #expect(throws: PreviewProblem.self) {
      try EdgeTexts.cases(
        text: "a", flags: [("--line-limit", "100")], with: renderer, isCancelled: { true })
    }
  }

  @Test func everyCaseIsRenderedWithThePlaygroundsSettings() throws {
    let renderer = try Renderer(fontSet: .standard)
    let flags: [(name: String, value: String)] = [("--line-limit", "2"), ("--width", "200")]
    let cases = try EdgeTexts.cases(text: "Hello there, reader.", flags: flags, with: renderer)
    #expect(cases.count == 2 + EdgeTexts.stressTexts.count)
    #expect(cases[0].title.hasPrefix("Longest text that fits"))
    #expect(cases[1].text.count == cases[0].text.count + 1)
    for edge in cases {
      #expect(edge.images.map(\.state) == ["collapsed", "expanded"])
      #expect(edge.images.allSatisfy { $0.error == nil && !$0.bytes.isEmpty })
    }
    #expect(cases[0].images[0].layoutJSON.contains("\"truncated\" : false"))
    #expect(cases[1].images[0].layoutJSON.contains("\"truncated\" : true"))
    #expect(cases[0].images[0].layoutJSON.contains("\"lines\" : 2"))
  }

  @Test func everyStressTextIsCutOnTheWidestDeviceAtAHighLineLimit() throws {
    let renderer = try Renderer(fontSet: .standard)
    let flags: [(name: String, value: String)] = [
      ("--device", "iPad Pro 13-inch"), ("--line-limit", "8"),
    ]
    let cases = try EdgeTexts.cases(text: "Hello there, reader.", flags: flags, with: renderer)
    for edge in cases.dropFirst() {
      #expect(
        edge.images[0].layoutJSON.contains("\"truncated\" : true"),
        "\(edge.title): \(edge.text.count) characters")
    }
    // Repeated whole: the unbreakable word stays one word, the short lines stay lines.
    let word = try #require(cases.first { $0.title == "One unbreakable word" })
    #expect(!word.text.contains(" "))
    let lines = try #require(cases.first { $0.title == "Many short lines" })
    #expect(lines.text.split(separator: "\n").count > 8)
  }

  @Test func anUnbreakableWordTooShortToCutIsShownAsItIsSayingSo() throws {
    let renderer = try Renderer(fontSet: .standard)
    let cases = try EdgeTexts.cases(
      text: "Hello there.", flags: [("--line-limit", "200")], with: renderer)
    let word = try #require(cases.first { $0.title.hasPrefix("One unbreakable word") })
    // Shown as it is, saying why it is not cut, rather than as 5000 letters that are not cut.
    #expect(word.text == EdgeTexts.stressTexts[0].text)
    #expect(word.title.contains("not cut: it needs more than 5000 characters"))
    #expect(word.images.allSatisfy { $0.error == nil })
    let lines = try #require(cases.first { $0.title == "Many short lines" })
    #expect(lines.images[0].layoutJSON.contains("\"truncated\" : true"))
  }
}

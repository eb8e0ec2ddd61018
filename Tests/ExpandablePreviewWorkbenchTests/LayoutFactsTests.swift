import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import Testing

@testable import ExpandablePreviewEngine
@testable import ExpandablePreviewWorkbench

/// The playground's facts: counted in whole characters of the rendered text (no half emoji, no
/// Markdown markup), label rows only with a label, and a warning when the expanded state's
/// label or fade covers text.
@Suite struct LayoutFactsTests {
  /// The facts of each state, by state name, for `text` and `flags`.
  static func facts(_ text: String, _ flags: [(name: String, value: String)]) throws
    -> [String: [String: LayoutFact]]
  {
    let renderer = try Renderer()
    let images = try ItemPreview(text: text, flags: flags).render(with: renderer)
    var states: [String: [String: LayoutFact]] = [:]
    for image in images {
      #expect(image.error == nil)
      states[image.state] = Dictionary(
        image.facts.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }
    return states
  }

  static let developer =
    "Being a top 1% developer isn’t just about knowing Swift, SwiftUI, and Xcode. It’s about "
    + "understanding everything"

  @Test func theExpandedStatesFadeOrLabelOverTheLastWordIsAWarning() throws {
    for flags: [(name: String, value: String)] in [
      [("--style", "fade"), ("--width", "160")],
      [("--style", "fade"), ("--dynamic-type", "accessibility5")],
    ] {
      let states = try Self.facts(Self.developer, flags)
      let expanded = try #require(states["expanded"])
      #expect(expanded["truncated"]?.value == "no")
      let covered = try #require(expanded["covered text"], "\(flags)")
      #expect(covered.warning)
      #expect(covered.value.contains("covers text on line "))
      // Collapsed, the fade hides the cut text by design: no warning there.
      #expect(states["collapsed"]?["covered text"] == nil)
      #expect(states["collapsed"]?["truncated"]?.value == "yes")
    }
    // Wide enough, the last line ends before the fade: nothing is covered.
    let wide = try Self.facts(Self.developer, [("--style", "fade"), ("--width", "600")])
    #expect(wide["expanded"]?["covered text"] == nil)
    // An ellipsis-style label is laid out after the text: never a warning.
    let ellipsis = try Self.facts(Self.developer, [("--style", "ellipsis"), ("--width", "160")])
    #expect(ellipsis["expanded"]?["covered text"] == nil)
  }

  /// The facts shown are made from the value the state's layout.json entry holds: read back
  /// from the JSON the workbench sends, they give the same rows.
  @Test func theFactsAreMadeFromTheLayoutJSONEntrysValue() throws {
    let renderer = try Renderer()
    for flags: [(name: String, value: String)] in [
      [("--style", "fade"), ("--width", "160")],
      [("--style", "ellipsis"), ("--width", "200"), ("--markdown", "true")],
      [("--style", "fade"), ("--width", "600")],
    ] {
      let images = try ItemPreview(
        text: "A [link](https://a.example) " + Self.developer, flags: flags
      )
      .render(with: renderer)
      #expect(images.count == 2)
      for image in images {
        let entry = Data(image.layoutJSON.utf8)
        let facts = try JSONDecoder().decode(LayoutSchema.Facts.self, from: entry)
        let state = try #require(OutputState(rawValue: image.state))
        #expect(Array(image.facts.dropLast()) == LayoutFacts.of(facts, state: state), "\(flags)")
        #expect(image.facts.last?.name == "fonts used")
        #expect(image.layoutJSON.contains("\"file\" : \"\(image.file)\""))
      }
    }
  }

  @Test func labelFactsOnlyWhenThereIsALabel() throws {
    let short = try Self.facts("Hi", [])
    for (state, facts) in short {
      #expect(facts["label fits"] == nil, "\(state)")
      #expect(facts["label frame"] == nil, "\(state)")
      #expect(facts["cut"]?.value == "none")
    }
    let long = try Self.facts(Self.developer, [("--width", "160")])
    #expect(long["collapsed"]?["label fits"]?.value == "yes")
    #expect(long["collapsed"]?["label frame"] != nil)
  }

  @Test func aCutNeverSplitsAGraphemeAndCountsWholeCharacters() throws {
    // Families, flags and skin tones: one character each, several scalars and UTF-16 units.
    let emoji = String(repeating: "👩‍👩‍👧 🇯🇵 👍🏽 ", count: 40)
    for style in ["ellipsis", "fade"] {
      for width in ["120", "161", "233", "320"] {
        let states = try Self.facts(emoji, [("--style", style), ("--width", width)])
        let collapsed = try #require(states["collapsed"])
        let visible = try #require(collapsed["visible text"]?.value)
        #expect(!visible.contains("\u{FFFD}"), "\(style) \(width)")
        let shown = visible.hasSuffix("…") ? String(visible.dropLast()) : visible
        // A prefix by whole characters: "👩" alone is not a prefix of "👩‍👩‍👧".
        #expect(emoji.hasPrefix(shown), "\(style) \(width): \(shown.unicodeScalars.last!)")
        let cut = try #require(collapsed["cut"]?.value)
        #expect(cut.hasSuffix(" of \(emoji.count) characters"), "\(cut)")
      }
    }
    // The visible text is shortened to 160 whole characters.
    let long = LayoutFacts.shortened(emoji + emoji)
    #expect(long.count == LayoutFacts.shownCharacters + 1)
    #expect(!long.contains("\u{FFFD}"))
    #expect((emoji + emoji).hasPrefix(String(long.dropLast())))
  }

  @Test func aMarkdownCutCountsRenderedCharacters() throws {
    let source =
      "**Being** a [top 1% developer](https://example.com/a-long-address) isn’t just about "
      + "_knowing_ Swift, SwiftUI, and Xcode. It’s about understanding everything around them."
    let rendered =
      "Being a top 1% developer isn’t just about knowing Swift, SwiftUI, and Xcode. It’s about "
      + "understanding everything around them."
    let states = try Self.facts(source, [("--markdown", "true"), ("--width", "160")])
    let cut = try #require(states["collapsed"]?["cut"]?.value)
    let visible = try #require(states["collapsed"]?["visible text"]?.value)
    #expect(cut == "after \(visible.count) of \(rendered.count) characters")
    #expect(rendered.hasPrefix(visible))
  }
}

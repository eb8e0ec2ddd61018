import Testing

@testable import ExpandablePreviewWorkbench

/// "Copy as Swift" writes each flag where its declaration says: a modifier, an argument of
/// `RenderOptions` in its parameters' order, a label field, or a comment when one line of Swift
/// cannot say it.
@Suite struct SwiftSnippetTests {
  @Test func everySpellingOfTheDeclarationsIsWritten() {
    let code = SwiftSnippet.code(
      text: "Hi",
      flags: [
        ("--style", "ellipsis"), ("--line-limit", "2"), ("--font", "headline"),
        ("--color", "#FF0000"), ("--word-boundaries", ""), ("--markdown", ""),
        ("--more", "Read on"), ("--more-font", "null"), ("--more-color", "red"),
        ("--less", "less"), ("--less-placement", "belowText"), ("--language", "ja"),
        ("--padding", "1,2,3,4"), ("--scale", "3"), ("--width", "320"),
        ("--appearance", "dark"), ("--dynamic-type", "xLarge"), ("--background", "null"),
        ("--legibility-weight", "bold"), ("--direction", "rightToLeft"),
      ])
    #expect(
      code == """
        // --background null: see the manifest item
        // --legibility-weight bold: see the manifest item
        let component = ExpandableText(text: "Hi")
          .truncationStyle(.ellipsis)
          .lineLimit(2)
          .font(try Font(parsing: "headline"))
          .foregroundColor(try Color(parsing: "#FF0000"))
          .cutsAtWordBoundaries()
          .markdown()
          .direction(.rightToLeft)
          .expandButton(TextSet(text: "Read on", font: nil, color: try Color(parsing: "red")))
          .collapseButton(TextSet(text: "less", font: .callout, color: .blue), placement: .belowText)
        let options = RenderOptions(width: 320, scale: 3, appearance: .dark, dynamicType: .xLarge, \
        padding: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), language: "ja")
        """)
  }

  @Test func aFontObjectAndTheAnimationAreComments() {
    let code = SwiftSnippet.code(
      text: "Hi",
      flags: [
        ("--font", #"{"style": "body"}"#), ("--animate", "spring"), ("--less", "null"),
        ("--padding", "8"), ("--background", "#000000"),
      ])
    #expect(
      code == """
        // --font {"style": "body"}: see the manifest item
        // --animate spring: see the manifest item
        let component = ExpandableText(text: "Hi")
          .collapseButton(nil)
        let options = RenderOptions(padding: EdgeInsets(all: 8), \
        background: try Color(parsing: "#000000"))
        """)
  }
}

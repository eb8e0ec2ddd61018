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
        var options = RenderOptions(width: 320, scale: 3, appearance: .dark, dynamicType: .xLarge, \
        padding: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), language: "ja")
        options.legibilityWeight = .bold
        """)
  }

  /// The settings that are no argument of `RenderOptions(…)`: the device (applied before a
  /// width or padding given too, which win), Bold Text, Increase Contrast, Reduce Motion, the
  /// frame rate, and the animation as `.expandAnimation(…)`.
  @Test func theDeviceTheAccessibilitySettingsAndTheAnimationAreSwift() {
    let code = SwiftSnippet.code(
      text: "Hi",
      flags: [
        ("--device", "iPhone 16 Pro"), ("--width", "300"), ("--scale", "3"),
        ("--legibility-weight", "bold"), ("--color-scheme-contrast", "increased"),
        ("--padding", "8"), ("--animate", "easeOut"), ("--animate-duration", "0.5"),
        ("--fps", "30"), ("--reduce-motion", "true"),
      ])
    #expect(
      code == """
        let component = ExpandableText(text: "Hi")
          .expandAnimation(.easeOut(duration: 0.5))
        var options = RenderOptions(scale: 3)
        options.apply(Device.named("iPhone 16 Pro")!)
        options.width = 300
        options.padding = EdgeInsets(all: 8)
        options.legibilityWeight = .bold
        options.colorSchemeContrast = .increased
        options.framesPerSecond = 30
        options.accessibilityReduceMotion = true
        """)
    let spring = SwiftSnippet.code(
      text: "Hi", flags: [("--animate", "spring"), ("--animate-duration", "0.5")])
    #expect(spring.contains(".expandAnimation(.spring)"))
  }

  @Test func aFontObjectIsAComment() {
    let code = SwiftSnippet.code(
      text: "Hi",
      flags: [
        ("--font", #"{"style": "body"}"#), ("--animate", "spring"), ("--less", "null"),
        ("--padding", "8"), ("--background", "#000000"),
      ])
    #expect(
      code == """
        // --font {"style": "body"}: see the manifest item
        let component = ExpandableText(text: "Hi")
          .expandAnimation(.spring)
          .collapseButton(nil)
        let options = RenderOptions(padding: EdgeInsets(all: 8), \
        background: try Color(parsing: "#000000"))
        """)
  }
}

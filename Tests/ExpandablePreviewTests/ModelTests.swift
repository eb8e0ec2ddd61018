import ExpandablePreview
import TestSupport
import Testing

@Suite struct ModelTests {
  @Test func textStylesUseIOSDefaultSizes() {
    #expect(TextStyle.body.pointSize() == 17)
    #expect(TextStyle.headline.pointSize() == 17)
    #expect(TextStyle.headline.weight == .semibold)
    #expect(TextStyle.largeTitle.pointSize() == 34)
    #expect(TextStyle.caption2.pointSize() == 11)
    #expect(TextStyle.footnote.pointSize() == 13)
    #expect(TextStyle.body.pointSize(at: .accessibility3) == 40)
    #expect(TextStyle.body.pointSize(at: .xSmall) == 14)
  }

  @Test func defaultsFollowTheReferenceDesigns() {
    let component = ExpandableText(text: "x")
    #expect(component.lineLimit == 3)
    #expect(component.font == .body)
    #expect(component.expandButton == TextSet(text: "more", font: .callout, color: .blue))
    #expect(component.collapseButton == TextSet(text: "collapse", font: .callout, color: .blue))
    #expect(component.truncationStyle == .fade)
    #expect(component.ellipsis == "... ")
  }

  @Test func modifiersReturnModifiedCopies() {
    let base = ExpandableText(text: "x")
    let changed = base.lineLimit(2).lineSpacing(4).truncationStyle(.ellipsis)
    #expect(base.lineLimit == 3)
    #expect(
      changed.lineLimit == 2 && changed.lineSpacing == 4 && changed.truncationStyle == .ellipsis)
  }

  @Test func colorsParseHexAndSystemNamesPerAppearance() throws {
    let red = try Color(parsing: "#FF0000").resolved(in: .dark)
    #expect(red == Color.RGBA(red: 1, green: 0, blue: 0))
    let translucent = try Color(parsing: "#00000080").resolved(in: .light)
    #expect(abs(translucent.alpha - 128.0 / 255) < 1e-9)
    let blue = try Color(parsing: "blue")
    #expect(blue.resolved(in: .light) != blue.resolved(in: .dark))
    #expect(try Color(parsing: "systemBackground").resolved(in: .dark).red == 0)
  }

  @Test(arguments: ["#FFF", "#GG0000", "bleu", "", "#1234567"])
  func invalidColorsAreRejectedWithTheirText(text: String) {
    #expect {
      _ = try Color(parsing: text)
    } throws: { error in
      "\(error)".contains("'\(text)'")
    }
  }

  @Test func fontsParseStylesAndPangoDescriptions() throws {
    #expect(try Font(parsing: "headline") == .headline)
    #expect(try Font(parsing: "DejaVu Sans Bold 15") == .custom("DejaVu Sans Bold 15"))
    #expect(throws: FontError.self) { try Font(parsing: "bodyy") }
  }

  @Test func outOfRangeOptionsAreRejected() {
    let component = ExpandableText(text: "x")
    for options in [
      RenderOptions(width: 0), RenderOptions(width: .nan), RenderOptions(width: 100, scale: 5),
      RenderOptions(width: 100, padding: EdgeInsets(top: -1)),
      RenderOptions(width: 40, padding: EdgeInsets(horizontal: 20)),
    ] {
      #expect(throws: RenderError.self) { try Renderer().render(component, options: options) }
    }
    #expect(throws: RenderError.self) {
      try Renderer().render(component.lineLimit(0), options: RenderOptions())
    }
  }

  @Test func anImageTallerThanCairoAllowsIsRejectedCleanly() {
    let tall = String(repeating: "line\n", count: 1_200)
    #expect {
      try Renderer().render(
        ExpandableText(text: tall), options: RenderOptions(width: 20, scale: 2, state: .expanded))
    } throws: { error in
      "\(error)".contains("32767 pixels per side")
    }
  }

  @Test func nulCharactersAreRejectedBeforePangoSeesThem() {
    for component in [
      ExpandableText(text: "ab\u{0}cd"), ExpandableText(text: "x").ellipsis("\u{0}"),
      ExpandableText(text: "x").expandButton(TextSet(text: "m\u{0}")),
    ] {
      #expect {
        try Renderer().render(component, options: RenderOptions())
      } throws: { error in
        "\(error)".contains("U+0000 (NUL)")
      }
    }
  }

  @Test func markupLikeTextIsDrawnLiterally() throws {
    let text = "<b>bold</b> &amp; <span foreground=\"red\">x</span>"
    let result = try render(ExpandableText(text: text), RenderOptions(width: 600))
    #expect(result.layout.visibleText == text)
    let plain = try render(ExpandableText(text: "bold & x"), RenderOptions(width: 600))
    #expect(result.image! != plain.image!)
  }
}

@Suite struct SizelessFontTests {
  @Test func aDescriptionWithoutSizeUsesBodysSeventeenPoints() throws {
    let text = TestTexts.developer
    let sizeless = try Renderer().render(
      ExpandableText(text: text).font(.custom("DejaVu Sans")), options: RenderOptions(width: 327))
    let explicit = try Renderer().render(
      ExpandableText(text: text).font(.custom("DejaVu Sans 17")), options: RenderOptions(width: 327)
    )
    #expect(sizeless.image! == explicit.image!)
    #expect(sizeless.layout == explicit.layout)
  }

  @Test func theParagraphLimitSeesThatSize() {
    // 70,000 characters × 17 pt is past the 1,000,000 character-point limit; the expanded
    // state lays the whole paragraph out.
    let component = ExpandableText(text: String(repeating: "a ", count: 35_000))
      .font(.custom("DejaVu Sans"))
    #expect {
      try Renderer().layout(of: component, options: RenderOptions(width: 327, state: .expanded))
    } throws: { error in
      "\(error)".contains("a paragraph of 70000 characters is too long to lay out at 17.0 pt")
    }
  }
}

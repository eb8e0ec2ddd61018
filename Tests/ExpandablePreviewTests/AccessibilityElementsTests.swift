import ExpandablePreview
import TestSupport
import Testing

/// What VoiceOver gets: the elements in reading order with their frames, and the overlay image.
@Suite struct AccessibilityElementsTests {
  static let developer = ExpandableText(text: TestTexts.developer).lineLimit(2)

  @Test(arguments: TruncationStyle.allCases, ExpansionState.allCases)
  func theTextIsReadWholeAndTheLabelIsAButtonOverItsFrame(
    style: TruncationStyle, state: ExpansionState
  ) throws {
    let component = Self.developer.truncationStyle(style)
      .collapseButton(TextSet(text: "collapse", font: .callout))
    let layout = try Renderer().layout(
      of: component,
      options: RenderOptions(width: 327, padding: EdgeInsets(horizontal: 16), state: state))
    let elements = layout.accessibilityElements
    try #require(elements.count == 2)
    #expect(elements[0].label == TestTexts.developer)
    #expect(elements[0].traits == [.staticText])
    #expect(elements[0].frame == layout.textFrame)
    #expect(elements[1].traits == [.button])
    #expect(elements[1].frame == layout.label)
    let expected = state == .collapsed ? component.expandButton.text : "collapse"
    #expect(elements[1].announcement == "\(expected), Button")
  }

  /// The text frame spans the content width from the leading padding and ends where the last
  /// drawn line ends: above the collapsed label's bottom in the fade style, the image's height
  /// less the padding when expanded without a label.
  @Test func theTextFrameCoversTheDrawnLines() throws {
    let options = RenderOptions(
      width: 327, padding: EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 12),
      state: .expanded)
    let layout = try Renderer().layout(of: Self.developer.collapseButton(nil), options: options)
    #expect(layout.textFrame.x == 16)
    #expect(layout.textFrame.y == 8)
    #expect(layout.textFrame.width == 327 - 16 - 12)
    #expect(abs(layout.textFrame.maxY + 8 - layout.size.height) < 1)
    #expect(layout.accessibilityElements.map(\.traits) == [[.staticText]])
  }

  @Test func aTextWithinItsLineLimitHasNoButton() throws {
    let layout = try Renderer().layout(
      of: ExpandableText(text: "Short."), options: RenderOptions(width: 327))
    #expect(layout.accessibilityElements.count == 1)
    #expect(layout.accessibilityElements[0].label == "Short.")
  }

  /// Markdown: the text element reads the plain text, each visible link follows it as a link
  /// element over its frames, before the button.
  @Test func markdownLinksAreLinkElementsBetweenTextAndButton() throws {
    let component = ExpandableText(
      markdown: "Read **the guide** at [our site](https://example.com/guide) and "
        + "[the FAQ](https://example.com/faq) before you book a table for the evening."
    )
    .lineLimit(2)
    let layout = try Renderer().layout(of: component, options: RenderOptions(width: 240))
    let elements = layout.accessibilityElements
    #expect(elements.first?.label.hasPrefix("Read the guide at our site and the FAQ") == true)
    #expect(elements.map(\.traits).first == [.staticText])
    #expect(elements.last?.traits == [.button])
    let links = elements.filter { $0.traits == [.link] }
    #expect(links.map(\.url) == layout.links.map(\.url))
    #expect(links.first?.label == "our site")
    for (element, link) in zip(links, layout.links) where link.frames.count == 1 {
      #expect(element.frame == link.frames[0])
    }
  }

  /// The overlay: the component at its margin, unchanged outside the tinted frames, a legend
  /// to its right, each element's tint inside its frame.
  @Test(arguments: TruncationStyle.allCases)
  func theOverlayTintsEachElementsFrameBesideALegend(style: TruncationStyle) throws {
    let renderer = try Renderer()
    let component = Self.developer.truncationStyle(style)
    let options = RenderOptions(width: 327, scale: 2)
    let plain = try renderer.render(component, options: options)
    let overlay = try renderer.renderAccessibilityOverlay(component, options: options)
    let margin = 16 * 2
    #expect(overlay.layout == plain.layout)
    #expect(overlay.image!.width == plain.image!.width + (16 * 3 + 260) * 2)
    #expect(overlay.image!.height >= plain.image!.height + 2 * margin)
    let button = try #require(plain.layout.label)
    // Inside the button's frame but off its glyphs' rows, the tint changes the pixel.
    let x = Int(button.x * 2) + 3
    let y = Int(button.y * 2) + 3
    let under = plain.image!.pixel(x: x, y: y)
    let tinted = overlay.image!.pixel(x: x + margin, y: y + margin)
    #expect([under.r, under.g, under.b] != [tinted.r, tinted.g, tinted.b])
    // The legend column holds drawn text: not one color.
    var colors = Set<[UInt8]>()
    for yy in margin..<min(overlay.image!.height, margin + 80) {
      for xx in (plain.image!.width + 2 * margin)..<overlay.image!.width {
        let p = overlay.image!.pixel(x: xx, y: yy)
        colors.insert([p.r, p.g, p.b])
      }
    }
    #expect(colors.count > 10)
  }
}

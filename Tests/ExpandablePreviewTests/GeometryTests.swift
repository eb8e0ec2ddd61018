import ExpandablePreview
import TestSupport
import Testing

/// Where the label and the fade go, in both directions, and what the pixels show there.
@Suite struct GeometryTests {
  let padded = RenderOptions(width: 375, padding: EdgeInsets(horizontal: 24))

  @Test func fadeSitsBeforeTheLabelAtTheBottomTrailingCorner() throws {
    let result = try render(ExpandableText(text: TestTexts.developer), padded)
    let label = try #require(result.layout.label)
    let fade = try #require(result.layout.fade)
    #expect(fade.width == 32)
    #expect(abs(fade.maxX - label.x) < 1e-9)
    #expect(abs(label.maxX - (375 - 24)) < 1e-9)
    #expect(abs(label.maxY - result.layout.size.height) < 1)
    #expect(!result.layout.isRightToLeft)
  }

  @Test func fadeHidesTheTextFromEightyPercentOnAndTheLabelIsBlue() throws {
    let result = try render(ExpandableText(text: TestTexts.developer), padded)
    let fade = try #require(result.layout.fade)
    let label = try #require(result.layout.label)
    let scale = 2.0
    // Between 80 % of the fade and the label nothing but background is drawn.
    let hidden = Int(((fade.x + fade.width * 0.8) * scale).rounded(.up))..<Int(label.x * scale)
    let rows = Int(fade.y * scale)..<Int(fade.maxY * scale)
    for y in rows {
      for x in hidden {
        let pixel = result.image!.pixel(x: x, y: y)
        #expect(pixel.r == 255 && pixel.g == 255 && pixel.b == 255, "text at \(x),\(y)")
      }
    }
    // The label is drawn in iOS blue (#007AFF) in the light appearance.
    let labelPixels = pixels(of: result.image!, in: label, scale: scale)
    #expect(labelPixels.contains { $0.r < 40 && $0.g > 100 && $0.g < 140 && $0.b > 240 })
    // Text before the fade is fully opaque black somewhere on the last line.
    let before = Rect(x: 24, y: fade.y, width: fade.x - 24, height: fade.height)
    #expect(pixels(of: result.image!, in: before, scale: scale).contains { $0.r == 0 && $0.g == 0 })
  }

  @Test(arguments: [TestTexts.arabic, TestTexts.hebrew])
  func rightToLeftTextPutsTheLabelAtTheBottomLeftAndMirrorsTheFade(text: String) throws {
    let result = try render(ExpandableText(text: text).lineLimit(2), padded)
    let label = try #require(result.layout.label)
    let fade = try #require(result.layout.fade)
    #expect(result.layout.isRightToLeft)
    #expect(abs(label.x - 24) < 1e-9)
    #expect(abs(fade.x - label.maxX) < 1e-9)
    // Mirrored: the area just right of the label, up to 20 % into the fade, shows no text.
    let hidden = Int(label.maxX * 2)..<Int((fade.x + fade.width * 0.2) * 2)
    for y in Int(fade.y * 2)..<Int(fade.maxY * 2) {
      for x in hidden {
        #expect(result.image!.pixel(x: x, y: y).r == 255, "text at \(x),\(y)")
      }
    }
  }

  @Test func explicitRightToLeftDirectionAppliesToLatinText() throws {
    let result = try render(
      ExpandableText(text: TestTexts.developer).direction(.rightToLeft), padded)
    #expect(result.layout.isRightToLeft)
    #expect(abs((result.layout.label?.x ?? -1) - 24) < 1e-9)
  }

  @Test(arguments: [TestTexts.arabic, TestTexts.hebrew])
  func rightToLeftEllipsisIsAtTheLogicalEnd(text: String) throws {
    let result = try render(
      ExpandableText(text: text).lineLimit(2).truncationStyle(.ellipsis)
        .expandButton(TextSet(text: "More")), padded)
    let label = try #require(result.layout.label)
    #expect(text.hasPrefix(result.layout.visibleText))
    #expect(result.layout.lines == 2)
    // The label ends the last line, which in a right-to-left paragraph is its left side.
    #expect(label.x < 375 / 2)
    #expect(label.x >= 24 && label.maxX <= 375 - 24)
    #expect(abs(label.maxY - result.layout.size.height) < 1)
  }

  @Test(arguments: TextDirection.allCases)
  func inlineLabelFramesStayInsideThePadding(direction: TextDirection) throws {
    for width in [60.0, 120, 240] {
      let result = try render(
        ExpandableText(text: "abc def ghi jkl mno pqr stu vwx yz").direction(direction)
          .lineLimit(1).truncationStyle(.ellipsis),
        RenderOptions(width: width, padding: EdgeInsets(horizontal: 4)))
      let label = try #require(result.layout.label)
      #expect(label.x >= 4 && label.maxX <= width - 4 + 1e-9, "\(label) at width \(width)")
    }
  }

  @Test(arguments: TruncationStyle.allCases)
  func aLabelWiderThanTheLineLeavesNoNegativeGeometry(style: TruncationStyle) throws {
    let result = try render(
      ExpandableText(text: TestTexts.developer).truncationStyle(style)
        .expandButton(TextSet(text: "read the whole story, every word")),
      RenderOptions(width: 80))
    let label = try #require(result.layout.label)
    for value in [label.x, label.y, label.width, label.height] { #expect(value >= 0) }
    #expect(label.maxX <= 80 + 1e-9)
    if let fade = result.layout.fade {
      for value in [fade.x, fade.y, fade.width, fade.height] { #expect(value >= 0) }
    }
    #expect(result.image!.width == 160)
  }

  @Test func japaneseWrapsByCharacterInsideTheWidth() throws {
    let result = try render(
      ExpandableText(text: TestTexts.japanese).truncationStyle(.ellipsis)
        .expandButton(TextSet(text: "More")))
    let label = try #require(result.layout.label)
    #expect(result.layout.lines == 3)
    #expect(label.maxX <= 327 + 1e-9)
    #expect(TestTexts.japanese.hasPrefix(result.layout.visibleText))
    // Without spaces the only break opportunities are between characters; the text is cut
    // well into its third line.
    #expect(result.layout.visibleText.count > 50)
  }

  @Test func emojiDrawInColor() throws {
    let result = try render(ExpandableText(text: "🎉🍎💙"), RenderOptions(width: 200))
    let colored = result.image!.rgba.chunks(of: 4).contains { pixel in
      let channels = pixel.prefix(3).map(Int.init)
      return channels.max()! - channels.min()! > 100
    }
    #expect(colored)
  }

  @Test func expandedFadeCarriesTheCollapseLabelOnTheLastLine() throws {
    var options = padded
    options.state = .expanded
    let component = ExpandableText(text: TestTexts.developer)
      .collapseButton(TextSet(text: "collapse"))
    let onLine = try render(component, options)
    let below = try render(
      component.collapseButton(TextSet(text: "collapse"), placement: .belowText), options)
    let plain = try render(ExpandableText(text: TestTexts.developer).collapseButton(nil), options)
    #expect(onLine.layout.lines == plain.layout.lines)
    #expect(onLine.layout.fade != nil && onLine.layout.label != nil)
    #expect(plain.layout.fade == nil && plain.layout.label == nil)
    #expect(onLine.layout.size.height == plain.layout.size.height)
    let belowLabel = try #require(below.layout.label)
    #expect(below.layout.fade == nil)
    #expect(belowLabel.y >= plain.layout.size.height - 1)
    #expect(below.layout.size.height > plain.layout.size.height)
  }

  /// The reference (`ExpandableText`'s mask) keeps the last line's gradient when expanded with
  /// a collapse button: 32 pt, then the collapse label's own width hidden, so the expanded
  /// layout reports a fade sized by the collapse label, not by "more".
  @Test func expandedFadeIsSizedByTheCollapseLabelAsInTheReference() throws {
    var options = padded
    options.state = .expanded
    let short = try render(
      ExpandableText(text: TestTexts.developer).collapseButton(TextSet(text: "less")), options)
    let long = try render(
      ExpandableText(text: TestTexts.developer).collapseButton(TextSet(text: "show less text")),
      options)
    for result in [short, long] {
      let fade = try #require(result.layout.fade)
      let label = try #require(result.layout.label)
      #expect(fade.width == 32)
      #expect(abs(fade.maxX - label.x) < 1e-9)
      #expect(abs(label.maxX - (375 - 24)) < 1e-9)
      #expect(fade.y <= label.y && abs(fade.maxY - label.maxY) < 1e-9)
    }
    let shortLabel = try #require(short.layout.label)
    let longLabel = try #require(long.layout.label)
    let shift = try #require(short.layout.fade).x - #require(long.layout.fade).x
    #expect(abs(shift - (longLabel.width - shortLabel.width)) < 1e-9)
    #expect(longLabel.width > shortLabel.width)
  }

  @Test func expandedEllipsisShowsAllTextWithTheCollapseLabelInline() throws {
    let component = ExpandableText(text: TestTexts.japanese).truncationStyle(.ellipsis)
      .collapseButton(TextSet(text: "Less"))
    let result = try render(component, RenderOptions(width: 327, state: .expanded))
    #expect(result.layout.visibleText == TestTexts.japanese)
    #expect(result.layout.label != nil)
    #expect(result.layout.lines > 3)
  }

  /// `.belowText` puts the ellipsis style's collapse label under the whole text too (it used
  /// to be ignored there): the text lays out as without a label, the label below it.
  @Test func expandedEllipsisPutsTheCollapseLabelBelowWhenAsked() throws {
    var options = padded
    options.state = .expanded
    let plain = try render(
      ExpandableText(text: TestTexts.developer).truncationStyle(.ellipsis), options)
    let below = try render(
      ExpandableText(text: TestTexts.developer).truncationStyle(.ellipsis)
        .collapseButton(TextSet(text: "Less"), placement: .belowText), options)
    let label = try #require(below.layout.label)
    #expect(below.layout.visibleText == TestTexts.developer)
    #expect(below.layout.lines == plain.layout.lines)
    #expect(label.y >= plain.layout.size.height - options.padding.bottom - 1)
    #expect(below.layout.size.height > plain.layout.size.height)
  }

  @Test func sizesFollowScaleAndPadding() throws {
    for scale in 1...3 {
      let result = try render(
        ExpandableText(text: TestTexts.developer),
        RenderOptions(width: 320, scale: scale, padding: EdgeInsets(all: 10)))
      #expect(result.image!.width == 320 * scale)
      #expect(Double(result.image!.height) == result.layout.size.height * Double(scale))
      #expect(result.layout.pixelSize.width == Double(320 * scale))
    }
  }

  private func pixels(of image: Image, in rect: Rect, scale: Double)
    -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)]
  {
    var result: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = []
    for y in Int(rect.y * scale)..<min(image.height, Int(rect.maxY * scale)) {
      for x in Int(rect.x * scale)..<min(image.width, Int(rect.maxX * scale)) {
        result.append(image.pixel(x: x, y: y))
      }
    }
    return result
  }
}

extension Array {
  func chunks(of size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
  }
}

import ExpandablePreview
import TestSupport
import Testing

/// The line boxes a layout reports (the workbench's overlay draws them) and the faces a render
/// lists as drawn with (its "fonts used").
@Suite struct LineFramesTests {
  static let padding = EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 12)

  /// One box per drawn line, stacked without gaps from the text frame's top to its bottom and
  /// inside its width; each box holds ink of the text, and nothing is drawn below the last.
  @Test(arguments: TruncationStyle.allCases, ExpansionState.allCases)
  func oneBoxPerDrawnLineStackedInsideTheTextFrame(
    style: TruncationStyle, state: ExpansionState
  ) throws {
    let component = ExpandableText(text: TestTexts.developer).lineLimit(2)
      .truncationStyle(style).collapseButton(nil)
    let options = RenderOptions(width: 300, padding: Self.padding, state: state)
    let rendered = try Renderer().render(component, options: options)
    let layout = rendered.layout
    let frames = layout.lineFrames
    #expect(frames.count == layout.lines)
    try #require(!frames.isEmpty)
    #expect(frames[0].y == layout.textFrame.y)
    #expect(abs(frames.last!.maxY - layout.textFrame.maxY) < 0.01)
    for (upper, lower) in zip(frames, frames.dropFirst()) {
      #expect(abs(upper.maxY - lower.y) < 0.01, "lines touch, as Pango stacks them")
    }
    for frame in frames {
      #expect(frame.x >= layout.textFrame.x - 0.01)
      #expect(frame.maxX <= layout.textFrame.maxX + 0.01)
      #expect(frame.width > 20 && frame.height > 10)
      #expect(Self.darkPixels(in: frame, of: rendered.image!) > 20, "each box holds text")
    }
  }

  /// Right-to-left lines end at the trailing edge of the text frame (its right side).
  @Test func rightToLeftLinesAreRightAligned() throws {
    let layout = try Renderer().layout(
      of: ExpandableText(text: TestTexts.hebrew).lineLimit(3),
      options: RenderOptions(width: 300, padding: Self.padding, state: .expanded))
    try #require(layout.lineFrames.count > 1)
    for frame in layout.lineFrames {
      #expect(abs(frame.maxX - layout.textFrame.maxX) < 1)
    }
  }

  /// The faces listed are the ones the text needed: Inter for Latin, the fallbacks for Hebrew
  /// and emoji, the label's callout face; none listed unless asked for.
  @Test func theFacesDrawnWithIncludeTheFallbacks() throws {
    let renderer = try Renderer()
    let options = RenderOptions(width: 300)
    let latin = try renderer.renderStill(
      ExpandableText(text: "Plain words only."), options: options, as: [.png, .fontFaces])
    #expect(latin.fontFaces.allSatisfy { $0.hasPrefix("Inter") })
    #expect(!latin.fontFaces.isEmpty)
    let mixed = try renderer.renderStill(
      ExpandableText(text: "Hello 😀 שלום"), options: options, as: [.png, .fontFaces])
    #expect(mixed.fontFaces.contains { $0.hasPrefix("Noto Color Emoji") })
    #expect(mixed.fontFaces.contains { $0.hasPrefix("Noto Sans Hebrew") })
    #expect(mixed.fontFaces.contains { $0.hasPrefix("Inter") })
    let unlisted = try renderer.renderStill(
      ExpandableText(text: "Hello 😀 שלום"), options: options, as: [.png])
    #expect(unlisted.fontFaces.isEmpty)
  }

  /// Pixels darker than mid-gray inside `frame` (points), at the image's scale of 1.
  static func darkPixels(in frame: Rect, of image: Image) -> Int {
    var count = 0
    for y in Int(frame.y)..<min(image.height, Int(frame.maxY.rounded(.up))) {
      for x in Int(frame.x)..<min(image.width, Int(frame.maxX.rounded(.up))) {
        let pixel = image.pixel(x: x, y: y)
        if Int(pixel.r) + Int(pixel.g) + Int(pixel.b) < 3 * 128 { count += 1 }
      }
    }
    return count
  }
}

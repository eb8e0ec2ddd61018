import ExpandablePreview
import Foundation
import TestSupport
import Testing

/// `Renderer.renderPNG` encodes where Cairo drew, in buffers the renderer reuses: its bytes must
/// be those of the ``Image`` path, whatever the renderer drew before.
@Suite struct RenderPNGTests {
  static let translucent = Color(Color.RGBA(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.35))

  /// Big and small, opaque and translucent, both styles, both directions, light and dark.
  static let cases: [(ExpandableText, RenderOptions)] = [
    (ExpandableText(text: TestTexts.developer), RenderOptions(width: 327, state: .expanded)),
    (ExpandableText(text: "Hi"), RenderOptions(width: 120, scale: 3)),
    (
      ExpandableText(text: TestTexts.japanese).truncationStyle(.ellipsis),
      RenderOptions(width: 300, appearance: .dark)
    ),
    (
      ExpandableText(text: TestTexts.arabic + " 🎉 " + TestTexts.arabic).lineLimit(2),
      RenderOptions(width: 280, background: translucent)
    ),
    (
      ExpandableText(text: TestTexts.developer).foregroundColor(translucent),
      RenderOptions(
        width: 200, scale: 1, background: Color(.init(red: 0, green: 0, blue: 0, alpha: 0)))
    ),
    (
      ExpandableText(text: String(repeating: TestTexts.developer, count: 3)),
      RenderOptions(width: 327, state: .expanded)
    ),
  ]

  @Test func pngBytesMatchTheImagePath() throws {
    for (component, options) in Self.cases {
      let image = try Renderer().render(component, options: options)
      let png = try Renderer().renderPNG(component, options: options)
      #expect(png.png! == (try image.image!.pngData()))
      #expect(png.layout == image.layout)
    }
  }

  @Test func oneRendererReusedGivesTheBytesOfFreshOnes() throws {
    let expected = try Self.cases.map { try Renderer().renderPNG($0.0, options: $0.1).png! }
    let renderer = try Renderer()
    // Every case after every other, in both orders: large then small, opaque then clear.
    for (index, (component, options)) in (Self.cases + Self.cases.reversed()).enumerated() {
      let caseIndex = index < Self.cases.count ? index : 2 * Self.cases.count - 1 - index
      #expect(try renderer.renderPNG(component, options: options).png! == expected[caseIndex])
      #expect(
        try renderer.render(component, options: options).image!
          == Image(pngData: expected[caseIndex]))
    }
  }

  @Test func translucentPixelsSurviveTheInPlaceConversion() throws {
    let (component, options) = Self.cases[4]
    let decoded = try Image(pngData: Renderer().renderPNG(component, options: options).png!)
    #expect(!decoded.isOpaque)
    #expect(decoded == (try Renderer().render(component, options: options).image!))
  }
}

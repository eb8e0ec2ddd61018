import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

/// Every still render returns one value, ``RenderResult``: one render asked for the image, PNG,
/// SVG and PDF lays the component out once and holds what the four single calls give, byte for
/// byte; each single call holds only its own encoding.
@Suite struct RenderResultTests {
  /// Seeded components of mixed scripts, fonts, styles, directions and labels.
  static func input(_ index: Int) -> LayoutFuzzInput {
    LayoutFuzzInput(LayoutFuzzInput.randomBytes(seed: 31, index: index))
  }

  /// The encodings `result` holds.
  static func held(_ result: RenderResult) -> StillEncodings {
    var held: StillEncodings = []
    if result.image != nil { held.insert(.image) }
    if result.png != nil { held.insert(.png) }
    if result.svg != nil { held.insert(.svg) }
    if result.pdf != nil { held.insert(.pdf) }
    return held
  }

  @Test(arguments: 0..<10)
  func oneRenderOfEveryEncodingEqualsTheSingleCalls(index: Int) throws {
    let input = Self.input(index)
    let (component, options) = (input.component, input.options)
    let renderer = try Renderer()
    let all = try renderer.renderStill(component, options: options, as: [.image, .png, .svg, .pdf])
    #expect(renderer.layoutPasses == 1)

    let single = try Renderer()
    let image = try single.render(component, options: options)
    let png = try single.renderPNG(component, options: options)
    let svg = try single.renderSVG(component, options: options)
    let pdf = try single.renderPDF(component, options: options)
    #expect(all.image == image.image)
    #expect(all.png == png.png)
    #expect(all.svg == svg.svg)
    #expect(all.pdf == pdf.pdf)
    #expect(all.fontFiles == image.fontFiles)
    for result in [image, png, svg, pdf] { #expect(result.layout == all.layout) }

    // Each single call holds its own encoding and nothing else; only the image lists font files.
    #expect(Self.held(image) == .image)
    #expect(Self.held(png) == .png)
    #expect(Self.held(svg) == .svg)
    #expect(Self.held(pdf) == .pdf)
    #expect(Self.held(all) == [.image, .png, .svg, .pdf])
    #expect(png.fontFiles.isEmpty && svg.fontFiles.isEmpty && pdf.fontFiles.isEmpty)
  }
}

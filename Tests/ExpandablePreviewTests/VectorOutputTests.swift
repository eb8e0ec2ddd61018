import ExpandablePreview
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// SVG and PDF from Cairo's own surfaces: valid files (XML; `qpdf --check`), the same picture as
/// the PNG (the SVG rasterized by `rsvg-convert`, compared at the diff engine's default
/// threshold), a real gradient mask for the fade, and the same bytes on every run.
/// `Scripts/setup.sh` installs qpdf and librsvg2-bin.
@Suite struct VectorOutputTests {
  static let cases: [(String, ExpandableText, RenderOptions)] = [
    (
      "markdown-fade",
      ExpandableText(
        markdown:
          "A **bold** claim, *italic* aside, `code()` and ~~struck~~ words, with a [link](https://example.com) that goes on past the third line of the text for sure."
      ),
      RenderOptions(width: 300, scale: 2)
    ),
    (
      "ellipsis",
      ExpandableText(text: TestTexts.developer).truncationStyle(.ellipsis).lineLimit(2),
      RenderOptions(width: 320, scale: 2)
    ),
    (
      "hebrew-fade-dark",
      ExpandableText(text: TestTexts.hebrew).lineLimit(2),
      RenderOptions(width: 280, scale: 2, appearance: .dark)
    ),
    (
      "expanded-label-below",
      ExpandableText(text: TestTexts.lorem).lineLimit(2)
        .collapseButton(TextSet(text: "less"), placement: .belowText),
      RenderOptions(width: 300, scale: 3, state: .expanded)
    ),
  ]

  /// The share of pixels the whole-pixel glyph placement of PNGs may move (see below).
  static let glyphSnapRatio = 0.005

  static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  @Test(arguments: 0..<cases.count)
  func theRasterizedSVGMatchesThePNG(index: Int) throws {
    let (name, component, options) = Self.cases[index]
    let renderer = try Renderer()
    let png = try renderer.render(component, options: options)
    let svg = try renderer.renderSVG(component, options: options)
    #expect(svg.layout == png.layout)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svgURL = folder.appendingPathComponent("\(name).svg")
    let rasterURL = folder.appendingPathComponent("\(name).png")
    try svg.svg!.write(to: svgURL)
    let (status, output) = try Self.run(
      "rsvg-convert",
      [
        "-w", String(png.image!.width), "-h", String(png.image!.height), "-o", rasterURL.path,
        svgURL.path,
      ])
    try #require(status == 0, "rsvg-convert failed (installed by Scripts/setup.sh): \(output)")
    let raster = try Image(contentsOf: rasterURL)
    // Cairo 1.16's image surface puts each glyph's bitmap on whole pixels; the SVG keeps the
    // exact positions, so glyph edges move by up to half a pixel: at scale 2 and 3 that is
    // 0.1-0.3 % of the pixels past the default threshold (4 % at scale 1, hence no 1× case).
    let diff = ImageDiff(
      expected: png.image!, actual: raster, options: DiffOptions(maxDiffRatio: Self.glyphSnapRatio))
    #expect(diff.result.status == .match, "\(name): \(diff.result.summary)")
    if ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_VECTOR_STATS"] != nil {
      print("vector-raster \(name) scale=\(options.scale): \(diff.result.summary)")
    }
    // The tolerance still sees a real change: the same text in another color fails.
    let recolored = try renderer.render(component.foregroundColor(.red), options: options)
    let control = ImageDiff(
      expected: recolored.image!, actual: raster,
      options: DiffOptions(maxDiffRatio: Self.glyphSnapRatio))
    #expect(control.result.status == .mismatch, "\(name): a red text passes as the same")
  }

  @Test(arguments: 0..<cases.count)
  func theSVGIsWellFormedXMLSizedInPoints(index: Int) throws {
    let (name, component, options) = Self.cases[index]
    let svg = try Renderer().renderSVG(component, options: options)
    let parser = XMLParser(data: svg.svg!)
    #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
    let text = String(decoding: svg.svg!, as: UTF8.self)
    let width = FormatNumber.points(options.width)
    #expect(text.contains("width=\"\(width)pt\""), "\(name)")
    #expect(text.contains("height=\"\(FormatNumber.points(svg.layout.size.height))pt\""))
  }

  @Test(arguments: 0..<cases.count)
  func thePDFPassesQPDFCheck(index: Int) throws {
    let (name, component, options) = Self.cases[index]
    let pdf = try Renderer().renderPDF(component, options: options)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("\(name).pdf")
    try pdf.pdf!.write(to: url)
    let (status, output) = try Self.run("qpdf", ["--check", url.path])
    #expect(status == 0, "\(name): \(output)")
    #expect(output.contains("No syntax or stream encoding errors"), "\(name): \(output)")
    let text = String(decoding: pdf.pdf!, as: UTF8.self)
    let height = FormatNumber.points(pdf.layout.size.height)
    #expect(text.contains("/MediaBox [ 0 0 \(FormatNumber.points(options.width)) \(height) ]"))
  }

  /// The fade is drawn as a gradient mask in both formats, never as a bitmap.
  @Test func theFadeIsAGradientMaskNotABitmap() throws {
    let (_, component, options) = Self.cases[0]
    let renderer = try Renderer()
    let svg = String(
      decoding: try renderer.renderSVG(component, options: options).svg!, as: UTF8.self)
    #expect(svg.contains("<linearGradient"))
    #expect(svg.contains("<mask"))
    #expect(!svg.contains("<image"))
    let pdf = String(
      decoding: try renderer.renderPDF(component, options: options).pdf!, as: UTF8.self)
    #expect(pdf.contains("/SMask"))
    #expect(pdf.contains("/ShadingType 2"))
    #expect(!pdf.contains("/Subtype /Image"))
  }

  /// The same render gives the same bytes whatever was rendered before it, on whichever
  /// thread: Cairo's process-wide surface counter does not leak into SVG ids, and the PDF's
  /// dates are fixed.
  @Test func twoRunsGiveIdenticalBytes() async throws {
    for (name, component, options) in Self.cases {
      let renderer = try Renderer()
      let svg = try renderer.renderSVG(component, options: options).svg!
      let pdf = try renderer.renderPDF(component, options: options).pdf!
      // Other renders in between move Cairo's counters.
      for (_, other, otherOptions) in Self.cases {
        _ = try renderer.render(other, options: otherOptions)
        _ = try renderer.renderSVG(other, options: otherOptions)
      }
      let again = try await Task.detached {
        let renderer = try Renderer()
        return (
          try renderer.renderSVG(component, options: options).svg!,
          try renderer.renderPDF(component, options: options).pdf!
        )
      }.value
      #expect(again.0 == svg, "\(name): SVG bytes differ")
      #expect(again.1 == pdf, "\(name): PDF bytes differ")
      let pdfText = String(decoding: pdf, as: UTF8.self)
      #expect(pdfText.contains("/CreationDate (20000101000000Z)"), "\(name)")
    }
  }
}

/// Numbers as Cairo prints them in SVG and PDF headers: whole numbers without a fraction.
enum FormatNumber {
  static func points(_ value: Double) -> String {
    value.rounded() == value ? String(Int(value)) : String(value)
  }
}

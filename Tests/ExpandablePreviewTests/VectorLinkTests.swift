import ExpandablePreview
import Foundation
import TestSupport
import Testing

/// Markdown links are clickable in the PDF and the SVG. PDF: Cairo's link tags make one `/Link`
/// annotation with a `/URI` action over each frame of `layout.links`, read back from the file as
/// qpdf uncompresses it (`Scripts/setup.sh` installs qpdf). SVG: an `<a xlink:href>` per link
/// with a rectangle per frame.
@Suite struct VectorLinkTests {
  /// A link wrapping over lines, with quotes, parentheses and a backslash in its URL, and a
  /// second link on a later line; then the same text without Markdown.
  static let linked = ExpandableText(
    markdown:
      #"Read [the long link that wraps over lines](https://e.com/it's(x)?q="a"&b=\x) first, then [the other one](https://e.com/two) too."#
  )
  static let options = RenderOptions(width: 150, state: .expanded)

  /// The document uncompressed by qpdf, after `qpdf --check` found it clean.
  static func annotations(_ pdf: Data) throws -> PDFAnnotations {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.pdf")
    let output = folder.appendingPathComponent("qdf.pdf")
    try pdf.write(to: input)
    let check = try VectorOutputTests.run("qpdf", ["--check", input.path])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.contains("No syntax or stream encoding errors"), "\(check.output)")
    let qdf = try VectorOutputTests.run(
      "qpdf", ["--qdf", "--object-streams=disable", input.path, output.path])
    try #require(qdf.status == 0, "qpdf failed (installed by Scripts/setup.sh): \(qdf.output)")
    return try PDFAnnotations(qdf: String(decoding: try Data(contentsOf: output), as: UTF8.self))
  }

  @Test func eachLinkIsAnAnnotationOverItsFrames() throws {
    let pdf = try Renderer().renderPDF(Self.linked, options: Self.options)
    let links = pdf.layout.links
    // The case is what it claims: two links, the first over more than one line.
    try #require(links.count == 2)
    #expect(links[0].frames.count >= 2)
    let annotations = try Self.annotations(pdf.pdf!)
    #expect(annotations.annotsArrays == 1)
    #expect(String(decoding: pdf.pdf!, as: UTF8.self).contains("/StructTreeRoot"))
    // One annotation per frame, in order, each over its frame alone.
    let frames = links.flatMap { link in link.frames.map { (url: link.url, frame: $0) } }
    #expect(annotations.links.map(\.uri) == frames.map(\.url))
    let height = pdf.layout.size.height
    for (expected, annotation) in zip(frames, annotations.links) {
      // Top-left points to the page's bottom-up space; Cairo writes three decimals.
      let frame = expected.frame
      let box = PDFAnnotations.PDFBox(
        minX: frame.x, minY: height - frame.maxY, maxX: frame.maxX, maxY: height - frame.y)
      #expect(annotation.quads.count == 1, "\(expected.url)")
      #expect(
        annotation.quads.first?.isClose(to: box, tolerance: 0.002) == true,
        "\(annotation.quads) \(frame)")
      // `/Rect`, which viewers without `/QuadPoints` use, covers the frame and little more
      // (Cairo rounds it out to whole points).
      #expect(annotation.rect.covers(box, tolerance: 0.002), "\(annotation.rect) \(frame)")
      let grown = PDFAnnotations.PDFBox(
        minX: box.minX - 1, minY: box.minY - 1, maxX: box.maxX + 1, maxY: box.maxY + 1)
      #expect(grown.covers(annotation.rect, tolerance: 0), "\(annotation.rect) \(frame)")
    }
  }

  @Test func aURLWithQuotesAndParenthesesSurvivesIntact() throws {
    let pdf = try Renderer().renderPDF(Self.linked, options: Self.options)
    let uris = try Self.annotations(pdf.pdf!).links.map(\.uri)
    // The `"` and the backslash are percent-encoded (a URL may not hold them); `'` and the
    // parentheses are legal and stay, through Cairo's quoting and the PDF string's escapes.
    #expect(uris.first == "https://e.com/it's(x)?q=%22a%22&b=%5Cx")
  }

  @Test func textsWithoutLinksGetNoAnnotations() throws {
    let texts = [
      ExpandableText(text: "Read [no link](https://e.com) here: Markdown is off."),
      ExpandableText(markdown: "Plain **bold** and *italic*, no link at all."),
    ]
    for text in texts {
      let pdf = try Renderer().renderPDF(text, options: Self.options)
      #expect(pdf.layout.links.isEmpty)
      let annotations = try Self.annotations(pdf.pdf!)
      #expect(annotations.links.isEmpty)
      #expect(annotations.annotsArrays == 0)
      // No structure tree either: the `Document` tag wraps links only.
      #expect(!String(decoding: pdf.pdf!, as: UTF8.self).contains("/StructTreeRoot"))
    }
  }

  /// In the fade style the part behind the label is no frame, so it is not clickable either.
  @Test func aFadedLinkIsClickableOnlyWhereItShows() throws {
    let component = ExpandableText(
      markdown:
        "Some words first and then [a link that runs on and on past the last line of the text](https://e.com/long) and more words."
    ).lineLimit(2)
    let pdf = try Renderer().renderPDF(component, options: RenderOptions(width: 150))
    try #require(pdf.layout.fade != nil && pdf.layout.links.count == 1)
    let quads = try Self.annotations(pdf.pdf!).links.flatMap(\.quads)
    let label = try #require(pdf.layout.label)
    let height = pdf.layout.size.height
    let onLabelLine = quads.filter { $0.minY < height - label.y }
    #expect(onLabelLine.count == 1, "\(quads)")
    for quad in onLabelLine {
      // On the label's line the quad ends before the label starts.
      #expect(quad.maxX <= label.x + 0.002, "\(quad) \(label)")
    }
  }

  @Test func eachLinkIsAnSVGAnchorOverItsFrames() throws {
    let svg = try Renderer().renderSVG(Self.linked, options: Self.options)
    let links = svg.layout.links
    try #require(links.count == 2)
    let anchors = try SVGAnchors(svg.svg!).anchors
    // The `'` and parentheses stay as they are through XML's quoting.
    #expect(anchors.map(\.href) == links.map(\.url))
    #expect(anchors.first?.href == "https://e.com/it's(x)?q=%22a%22&b=%5Cx")
    for (link, anchor) in zip(links, anchors) {
      #expect(anchor.rects.count == link.frames.count, "\(link.url)")
      for (frame, rect) in zip(link.frames, anchor.rects) {
        let expected = [frame.x, frame.y, frame.width, frame.height]
        #expect(zip(rect, expected).allSatisfy { abs($0 - $1) <= 0.0005 }, "\(rect) \(frame)")
      }
    }
  }

  /// The anchors' rectangles are invisible: rsvg-convert draws the same pixels with and without
  /// them.
  @Test func theSVGAnchorsChangeNoPixel() throws {
    let svg = try Renderer().renderSVG(Self.linked, options: Self.options)
    let text = String(decoding: svg.svg!, as: UTF8.self)
    let lines = text.components(separatedBy: "\n")
    let withoutAnchors = lines.filter { !$0.hasPrefix("<a xlink:href=") }
    try #require(lines.count - withoutAnchors.count == svg.layout.links.count)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var images: [Image] = []
    for (name, content) in [("with", text), ("without", withoutAnchors.joined(separator: "\n"))] {
      let input = folder.appendingPathComponent("\(name).svg")
      let output = folder.appendingPathComponent("\(name).png")
      try Data(content.utf8).write(to: input)
      let run = try VectorOutputTests.run(
        "rsvg-convert", ["-z", "2", "-o", output.path, input.path])
      try #require(run.status == 0, "rsvg-convert failed: \(run.output)")
      images.append(try Image(contentsOf: output))
    }
    let samePixels = images[0] == images[1]
    #expect(samePixels, "rsvg-convert draws the links' rectangles")
  }

  @Test func textsWithoutLinksGetNoSVGAnchors() throws {
    let svg = try Renderer().renderSVG(
      ExpandableText(text: "Read [no link](https://e.com) here."), options: Self.options)
    #expect(try SVGAnchors(svg.svg!).anchors.isEmpty)
    #expect(!String(decoding: svg.svg!, as: UTF8.self).contains("<a "))
  }

  @Test func twoRunsGiveIdenticalBytes() async throws {
    let renderer = try Renderer()
    let first = (
      try renderer.renderPDF(Self.linked, options: Self.options).pdf!,
      try renderer.renderSVG(Self.linked, options: Self.options).svg!
    )
    _ = try renderer.renderPDF(VectorOutputTests.cases[0].1, options: Self.options)
    _ = try renderer.renderSVG(VectorOutputTests.cases[0].1, options: Self.options)
    let again = try await Task.detached {
      let renderer = try Renderer()
      return (
        try renderer.renderPDF(Self.linked, options: Self.options).pdf!,
        try renderer.renderSVG(Self.linked, options: Self.options).svg!
      )
    }.value
    #expect(first.0 == again.0, "PDF bytes differ")
    #expect(first.1 == again.1, "SVG bytes differ")
  }
}

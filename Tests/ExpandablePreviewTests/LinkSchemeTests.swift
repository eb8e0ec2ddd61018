import ExpandablePreview
import Foundation
import Testing

/// Only `http`, `https` and `mailto` destinations become clickable in the SVG (`<a>`) and the
/// PDF (`/URI`); any other is drawn in the link's style without an action.
@Suite struct LinkSchemeTests {
  static let inactive = [
    "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd",
    "relative/page.html", "/absolute", "#anchor", "vbscript:x", "ftp://e.com/f", "httpx://e.com",
    "e.com/https:",
  ]
  static let active = ["https://e.com/a", "http://e.com/b", "mailto:a@e.com", "HTTPS://E.COM/c"]

  static func markdown(_ destinations: [String]) -> String {
    destinations.enumerated().map { "[link \($0.offset)](<\($0.element)>)" }
      .joined(separator: " and ")
  }

  static let options = RenderOptions(width: 3000, state: .expanded)

  @Test func onlyWebAndMailDestinationsAreClickableInThePDF() throws {
    let component = ExpandableText(markdown: Self.markdown(Self.inactive + Self.active))
    let pdf = try Renderer().renderPDF(component, options: Self.options)
    let uris = try VectorLinkTests.annotations(pdf.pdf!).links.map(\.uri)
    #expect(uris == Self.active, "\(uris)")
    let raw = String(decoding: pdf.pdf!, as: UTF8.self)
    #expect(!raw.contains("javascript") && !raw.contains("JavaScript") && !raw.contains("file:"))
  }

  @Test func onlyWebAndMailDestinationsAreClickableInTheSVG() throws {
    let component = ExpandableText(markdown: Self.markdown(Self.inactive + Self.active))
    let svg = try Renderer().renderSVG(component, options: Self.options)
    #expect(try SVGAnchors(svg.svg!).anchors.map(\.href) == Self.active)
    #expect(svg.layout.links.map(\.url) == Self.active)
  }

  @Test func anInactiveLinkIsStillDrawnInTheLinkStyle() throws {
    let tint = Color(Color.RGBA(red: 1, green: 0, blue: 0))
    let inactive = ExpandableText(markdown: "Go [here](javascript:alert(1)) now").tint(tint)
    let active = ExpandableText(markdown: "Go [here](https://e.com/xxxxx) now").tint(tint)
    let options = RenderOptions(width: 300, state: .expanded)
    let left = try Renderer().render(inactive, options: options).image!
    let right = try Renderer().render(active, options: options).image!
    // Same text, same style: the pixels do not depend on the destination.
    #expect(left == right)
    let plain = try Renderer().render(
      ExpandableText(markdown: "Go here now").tint(tint), options: options
    ).image!
    #expect(left != plain)
  }

  @Test func theInactiveDestinationsAreListedOnceEachInTextOrder() {
    let component = ExpandableText(
      markdown: "[a](javascript:x) [b](https://e.com) [c](data:y) [d](javascript:x) *[e](rel)*")
    #expect(component.inactiveLinkDestinations == ["javascript:x", "data:y", "rel"])
    #expect(ExpandableText(text: "[a](javascript:x)").inactiveLinkDestinations.isEmpty)
  }
}

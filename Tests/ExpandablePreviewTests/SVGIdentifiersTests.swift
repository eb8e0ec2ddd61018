import Foundation
import Testing

@testable import ExpandablePreview

/// Cairo's process-wide surface numbers become numbers in order of appearance; nothing else in
/// the document changes.
@Suite struct SVGIdentifiersTests {
  @Test func surfaceAndImageIdsAreRenumberedInOrderOfAppearance() {
    let svg = """
      <g id="surface34" clip-path="url(#clip1)"><image id="image57"/></g>
      <g id="surface30"><use xlink:href="#glyph0-1"/></g>
      <use xlink:href="#surface34" mask="url(#mask0)"/><use xlink:href="#image57"/>
      """
    let expected = """
      <g id="surface1" clip-path="url(#clip1)"><image id="image1"/></g>
      <g id="surface2"><use xlink:href="#glyph0-1"/></g>
      <use xlink:href="#surface1" mask="url(#mask0)"/><use xlink:href="#image1"/>
      """
    let result = SVGIdentifiers.canonical(Data(svg.utf8))
    #expect(String(decoding: result, as: UTF8.self) == expected)
  }

  @Test func wordsThatOnlyLookLikeIdsStay() {
    let svg = #"<g id="surfaces"/><g id="surface"/><text>#surface12 x</text><g id="imageX1"/>"#
    #expect(String(decoding: SVGIdentifiers.canonical(Data(svg.utf8)), as: UTF8.self) == svg)
  }
}

@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

@testable import ExpandablePreview

/// A link's destination reaches the PDF's `/URI` string intact whatever characters it has: the
/// string is read back from the file as qpdf parses it, after `qpdf --check` found it clean, and
/// no destination adds an action or a key of its own.
@Suite struct PDFLinkEscapingTests {
  /// The destination as the renderer's percent-encoding gives it (RFC 3986's characters stay,
  /// every other byte becomes `%XX`): a slow reference, byte by byte.
  static func expectedURI(_ destination: String) -> String {
    let allowed = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8)
    return destination.utf8.map { byte in
      allowed.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
    }.joined()
  }

  /// `destination` as a Markdown link destination in angle brackets, each ASCII punctuation
  /// character behind a backslash (CommonMark then takes it as it is).
  static func markdownLink(_ destination: String) -> String {
    let escaped = destination.map { character -> String in
      character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol
        ? "\\\(character)" : String(character)
    }.joined()
    return "[link](<\(escaped)>)"
  }

  /// The `/URI` of each annotation, the layout's link URLs and the file as text.
  static func pdfURIs(of markdown: String) throws -> (
    uris: [String], layout: [String], raw: String
  ) {
    let pdf = try Renderer().renderPDF(
      ExpandableText(markdown: markdown), options: RenderOptions(width: 2000, state: .expanded))
    let annotations = try VectorLinkTests.annotations(pdf.pdf!)
    let raw = String(decoding: pdf.pdf!, as: UTF8.self)
    return (annotations.links.map(\.uri), pdf.layout.links.map(\.url), raw)
  }

  @Test func aParenthesisInADestinationCannotAddAJavaScriptAction() throws {
    let markdown = #"[docs](<https://example.com/)/S/JavaScript/JS(app.alert\(1\)>)"#
    let result = try Self.pdfURIs(of: markdown)
    // One annotation whose whole URI is the destination: the `)` did not end the string, so
    // what follows it is no key of the action.
    #expect(result.uris == ["https://example.com/)/S/JavaScript/JS(app.alert(1)"])
    #expect(!result.raw.contains("/S /JavaScript"))
  }

  @Test func anUnbalancedParenthesisLeavesTheFileUndamaged() throws {
    // `VectorLinkTests.annotations` requires `qpdf --check` to find no damage.
    let result = try Self.pdfURIs(of: "[smile](<https://example.com/smile:)>)")
    #expect(result.uris == ["https://example.com/smile:)"])
  }

  /// Seeded random destinations of `(`, `)`, `\`, `'`, other ASCII punctuation, letters and
  /// non-ASCII characters, several links per document.
  @Test(arguments: 0..<6 as Range<UInt64>)
  func randomDestinationsRoundTripThroughThePDF(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x5EED_0000 + seed)
    let pieces = [
      "(", ")", "\\", "'", "(", ")", "\\", "'", "a", "Z", "0", "/", "?", "=", "&", "%", "#", " ",
      "\"", "é", "日本", "😀", "ß", "«", "»", ";", "*", "\\)", "((", "))",
    ]
    let destinations = (0..<8).map { _ in
      "https://e.com/" + (0..<random.int(in: 1...24)).map { _ in random.pick(pieces) }.joined()
    }
    let markdown = destinations.map(Self.markdownLink).joined(separator: " and ")
    let result = try Self.pdfURIs(of: markdown)
    #expect(result.layout == destinations.map(Self.expectedURI), "\(destinations)")
    // One annotation per frame: a link wrapping over lines has several.
    let perFrame = try Renderer().renderPDF(
      ExpandableText(markdown: markdown), options: RenderOptions(width: 2000, state: .expanded)
    ).layout.links.flatMap { link in link.frames.map { _ in link.url } }
    #expect(result.uris == perFrame, "\(destinations)")
  }

  @Test func cairosQuotingIsExactForEachSpecialCharacter() {
    // Written raw (Cairo 1.16): the PDF string's escape, then Cairo's own.
    #expect(PDFLinkTags.quoted("a(b)c\\d'e", writtenRaw: true) == #"a\\(b\\)c\\\\d\'e"#)
    // Escaped by Cairo itself (1.18): Cairo's quoting only.
    #expect(PDFLinkTags.quoted("a(b)c\\d'e", writtenRaw: false) == #"a(b)c\\d\'e"#)
  }
}

@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

@testable import ExpandablePreview

/// Link destinations are percent-encoded as a URL holds them, never twice.
@Suite struct LinkDestinationTests {
  /// The slow, obviously right encoder: scalar by scalar, an allowed ASCII character as is, a
  /// `%` before two hex digits as is, anything else as `%XX` per UTF-8 byte.
  static func reference(_ url: String) -> String {
    let allowed = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
        .unicodeScalars)
    let hex = Set("0123456789abcdefABCDEF".unicodeScalars)
    let scalars = Array(url.unicodeScalars)
    var result = ""
    for (index, scalar) in scalars.enumerated() {
      let startsEscape =
        scalar == "%" && index + 2 < scalars.count && hex.contains(scalars[index + 1])
        && hex.contains(scalars[index + 2])
      if allowed.contains(scalar) || startsEscape {
        result.unicodeScalars.append(scalar)
      } else {
        for byte in String(scalar).utf8 { result += String(format: "%%%02X", byte) }
      }
    }
    return result
  }

  @Test func encodesWhatAURLMayNotHold() {
    #expect(LinkDestination.percentEncoded("https://e.com/a b") == "https://e.com/a%20b")
    #expect(LinkDestination.percentEncoded("https://e.com/café") == "https://e.com/caf%C3%A9")
    #expect(
      LinkDestination.percentEncoded("https://e.com/\"<x>\"") == "https://e.com/%22%3Cx%3E%22")
    #expect(LinkDestination.percentEncoded("a\\b{|}^`") == "a%5Cb%7B%7C%7D%5E%60")
    #expect(
      LinkDestination.percentEncoded("https://e.com/?q=a&b=it's(1)#x")
        == "https://e.com/?q=a&b=it's(1)#x")
  }

  @Test func leavesExistingEscapesAlone() {
    #expect(LinkDestination.percentEncoded("https://e.com/a%20b") == "https://e.com/a%20b")
    #expect(LinkDestination.percentEncoded("a%2fb%C3%A9") == "a%2fb%C3%A9")
    // A `%` that starts no escape is a percent sign.
    #expect(LinkDestination.percentEncoded("100%") == "100%25")
    #expect(LinkDestination.percentEncoded("%zz%4") == "%25zz%254")
    #expect(LinkDestination.percentEncoded("%%41") == "%25%41")
  }

  @Test func matchesTheReferenceOnRandomStrings() {
    // Characters that make the cases: escapes whole and broken, allowed and forbidden ASCII,
    // controls, two-, three- and four-byte scalars.
    let pieces: [String] = [
      "%", "%4", "%41", "%e9", "%G1", "a", "Z", "0", "/", "?", "#", "'", "\\", " ", "\"", "<",
      "|", "{", "\u{7F}", "\u{01}", "\t", "é", "€", "漢", "😀", "\u{301}", "~", "[", "=",
    ]
    var random = SplitMix64(seed: 0x11D5)
    for _ in 0..<5000 {
      let length = Int.random(in: 0...12, using: &random)
      let url = (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
      let encoded = LinkDestination.percentEncoded(url)
      #expect(encoded == Self.reference(url), "\(url.debugDescription)")
      // Encoding twice changes nothing: escapes are never encoded again.
      #expect(LinkDestination.percentEncoded(encoded) == encoded, "\(url.debugDescription)")
    }
  }

  @Test func layoutLinksHoldTheEncodedURL() throws {
    let component = ExpandableText(
      markdown: "A [spaced](<https://e.com/a b>) and [done](https://e.com/a%20b) link")
    let layout = try Renderer().layout(of: component, options: RenderOptions(width: 375))
    #expect(layout.links.map(\.url) == ["https://e.com/a%20b", "https://e.com/a%20b"])
  }

  /// Cairo's attribute strings quote with `'` and escape with `\`: a URL holding either stays
  /// one string.
  @Test func tagAttributesEscapeQuotesAndBackslashes() {
    let attributes = PDFLinkTags.attributes(
      url: #"https://e.com/it's\x'"#, frame: Rect(x: 1.5, y: 2, width: 30.25, height: 14))
    // Where Cairo writes the URI raw (1.16), the backslash is first escaped for the PDF string.
    let backslash = PDFLinkTags.cairoWritesURIRaw ? #"\\\\"# : #"\\"#
    let uri = #"uri='https://e.com/it\'s"# + backslash + #"x\''"#
    #expect(attributes == "rect=[1.500 2.000 30.250 14.000] " + uri)
  }
}

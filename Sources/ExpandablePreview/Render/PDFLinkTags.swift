internal import CPangoCairo
import Foundation

/// Makes the visible links clickable in a PDF: one Cairo link tag per link
/// (`cairo_tag_begin(cr, CAIRO_TAG_LINK, "rect=[…] uri='…'")`, `cairo_tag_end`), which Cairo's PDF
/// surface writes as a `/Link` annotation with a `/URI` action and one `/Rect` per frame of
/// ``VisibleLink/frames``. The frames are in points from the top-left, the PDF's user space here
/// (no scale); Cairo flips them to the page's bottom-up coordinates. Other surfaces ignore tags
/// (Cairo 1.16's SVG surface has none).
enum PDFLinkTags {
  /// Tags every link of `links` with `context`; draws nothing.
  static func tag(_ links: [VisibleLink], in context: OpaquePointer) throws(RenderError) {
    guard !links.isEmpty else { return }
    // Cairo 1.16 files link tags outside any structure tag in the page's parent tree but never
    // writes the structure element it points to: `qpdf --check` finds the file damaged. Inside
    // a `Document` structure tag the structure tree is written whole.
    cairo_tag_begin(context, documentTag, "")
    for link in links {
      cairo_tag_begin(context, CAIRO_TAG_LINK, attributes(for: link))
      cairo_tag_end(context, CAIRO_TAG_LINK)
    }
    cairo_tag_end(context, documentTag)
    try RenderError.check(cairo_status(context), "cairo_tag_begin (link)")
  }

  static let documentTag = "Document"

  /// The tag's attribute string, in Cairo's syntax: `rect` an array of x, y, width, height
  /// per frame, `uri` a string in single quotes, where a `'` or `\` of the URL is escaped with a
  /// backslash (else a quote would end the string early and the tag would fail).
  static func attributes(for link: VisibleLink) -> String {
    let numbers = link.frames.flatMap { [$0.x, $0.y, $0.width, $0.height] }
    let rect = numbers.map(VectorNumber.text).joined(separator: " ")
    return "rect=[\(rect)] uri='\(quoted(link.url))'"
  }

  static func quoted(_ url: String) -> String {
    var result = ""
    for character in url {
      if character == "'" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}

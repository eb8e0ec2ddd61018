internal import CPangoCairo
import Foundation

/// Makes the visible links clickable in a PDF: one Cairo link tag per frame of
/// ``VisibleLink/frames`` (`cairo_tag_begin(cr, CAIRO_TAG_LINK, "rect=[x y w h] uri='…'")`,
/// `cairo_tag_end`), which Cairo's PDF surface writes as a `/Link` annotation with a `/URI`
/// action. A tag per frame rather than per link: Cairo 1.16 writes a link's rectangles as
/// `/QuadPoints` under one `/Rect` that bounds them all, and a viewer that reads only `/Rect`
/// would make the whole width of every line of a wrapped link clickable. The frames are in points
/// from the top-left, the PDF's user space here (no scale); Cairo flips them to the page's
/// bottom-up coordinates. Other surfaces ignore tags (Cairo 1.16's SVG surface has none).
enum PDFLinkTags {
  /// Tags every link of `links` with `context`; draws nothing.
  static func tag(_ links: [VisibleLink], in context: OpaquePointer) throws(RenderError) {
    guard !links.isEmpty else { return }
    // Cairo 1.16 files link tags outside any structure tag in the page's parent tree but never
    // writes the structure element it points to: `qpdf --check` finds the file damaged. Inside
    // a `Document` structure tag the structure tree is written whole.
    cairo_tag_begin(context, documentTag, "")
    for link in links {
      for frame in link.frames {
        cairo_tag_begin(context, CAIRO_TAG_LINK, attributes(url: link.url, frame: frame))
        cairo_tag_end(context, CAIRO_TAG_LINK)
      }
    }
    cairo_tag_end(context, documentTag)
    try RenderError.check(cairo_status(context), "cairo_tag_begin (link)")
  }

  static let documentTag = "Document"

  /// The tag's attribute string, in Cairo's syntax: `rect` an array of x, y, width and height,
  /// `uri` a string in single quotes (``quoted(_:)``).
  static func attributes(url: String, frame: Rect) -> String {
    let rect = [frame.x, frame.y, frame.width, frame.height].map(VectorNumber.text)
    return "rect=[\(rect.joined(separator: " "))] uri='\(quoted(url))'"
  }

  /// Whether Cairo writes the `uri` into the PDF's `/URI (…)` string as it is. Cairo 1.16 does
  /// (`/URI (%s)`): a `)` of the URL ends the string and what follows is PDF syntax (an action
  /// of any kind, or a damaged file). Cairo 1.18 escapes the string itself
  /// (`_cairo_utf8_to_pdf_string`), and escaping twice would change the URL. The 1.17 development
  /// releases count as old: a doubled backslash is a wrong link, a missing one an injection.
  static let cairoWritesURIRaw = cairo_version() < 11800

  /// `url` as the value of Cairo's `uri='…'`: first as the inside of a PDF literal string where
  /// Cairo does not do that (`\`, `(` and `)` behind a backslash), then in Cairo's own quoting,
  /// where a backslash takes the next character as it is (so `'` and `\` get one).
  static func quoted(_ url: String, writtenRaw: Bool = cairoWritesURIRaw) -> String {
    var result = ""
    for character in url {
      if writtenRaw && (character == "(" || character == ")" || character == "\\") {
        result.append("\\\\")
      }
      if character == "'" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}

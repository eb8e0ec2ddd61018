internal import ExpandablePreviewSupport
import Foundation

/// Makes the visible links clickable in an SVG. Cairo 1.16's SVG surface ignores link tags (it
/// has no tag support: `cairo_tag_begin` is a no-op there), so after Cairo writes the document
/// each link becomes an `<a xlink:href="…">` holding one invisible rectangle (a fill at zero
/// opacity, which still takes clicks) per frame of ``VisibleLink/frames``, inserted just before
/// the closing `</svg>`: drawn last, over the text, and changing no pixel. Nothing Cairo wrote
/// is parsed or changed; the root element already declares the `xlink` namespace and its
/// `viewBox` is in points, the frames' unit.
enum SVGLinks {
  static func adding(_ links: [VisibleLink], to svg: Data) throws(RenderError) -> Data {
    guard !links.isEmpty else { return svg }
    let end = Data("</svg>".utf8)
    guard let close = svg.range(of: end, options: .backwards) else {
      throw .cairo(
        operation: "cairo_svg_surface (no </svg> to add links before)", status: .writeError)
    }
    var output = svg[..<close.lowerBound]
    output.append(Data(markup(links).utf8))
    output.append(svg[close.lowerBound...])
    return Data(output)
  }

  /// The `<a>` elements, one line each.
  static func markup(_ links: [VisibleLink]) -> String {
    links.map { link in
      let rects = link.frames.map { frame in
        let numbers = [
          ("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height),
        ]
        .map { "\($0.0)=\"\(VectorNumber.text($0.1))\"" }.joined(separator: " ")
        return "<rect \(numbers) style=\"fill:rgb(0%,0%,0%);fill-opacity:0;stroke:none;\"/>"
      }.joined()
      return "<a xlink:href=\"\(XMLText.escaped(link.url))\">\(rects)</a>\n"
    }.joined()
  }
}

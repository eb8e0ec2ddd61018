import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `<a xlink:href>` elements of an SVG and the `<rect>`s inside each, read with XMLParser
/// (which also says whether the document is well-formed).
final class SVGAnchors: NSObject, XMLParserDelegate {
  struct Anchor: Equatable {
    var href: String
    var rects: [[Double]] = []  // x, y, width, height
  }

  private(set) var anchors: [Anchor] = []
  private var depth = 0

  init(_ svg: Data) throws {
    super.init()
    let parser = XMLParser(data: svg)
    parser.delegate = self
    guard parser.parse() else {
      throw ParseError(message: "\(parser.parserError.map { "\($0)" } ?? "not well-formed")")
    }
  }

  struct ParseError: Error { let message: String }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if name == "a" {
      anchors.append(Anchor(href: attributes["xlink:href"] ?? ""))
      depth += 1
    } else if name == "rect", depth > 0 {
      let values = ["x", "y", "width", "height"].map { Double(attributes[$0] ?? "") ?? .nan }
      anchors[anchors.count - 1].rects.append(values)
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if name == "a" { depth -= 1 }
  }
}

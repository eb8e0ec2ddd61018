import Foundation

/// The encodings of one still that ``Renderer/renderStill(_:options:as:)`` makes from one
/// layout.
package struct StillEncodings: OptionSet, Sendable, Hashable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  package static let png = StillEncodings(rawValue: 1)
  package static let svg = StillEncodings(rawValue: 2)
  package static let pdf = StillEncodings(rawValue: 4)
  /// The pixels as an ``Image`` with the font files drawn with (for a golden check).
  package static let image = StillEncodings(rawValue: 8)
  /// No file: the faces drawn with listed in ``StillRender/fontFaces`` (the workbench shows them).
  package static let fontFaces = StillEncodings(rawValue: 16)
}

/// One still drawn in each encoding asked for; the others are nil.
package struct StillRender: Sendable {
  package let layout: LayoutResult
  package let png: Data?
  package let svg: Data?
  package let pdf: Data?
  package let image: Image?
  /// The font files drawn with; listed only with ``StillEncodings/image``, as in
  /// ``RenderResult``.
  package let fontFiles: [String]
  /// The faces drawn with, fallbacks included, by name; listed only with
  /// ``StillEncodings/fontFaces``.
  package let fontFaces: [String]
}

extension Renderer {
  /// Lays `component` out once and draws that layout in every encoding of `encodings`: a job
  /// writing PNG, SVG and PDF pays for one layout, and the three files show the same decisions.
  ///
  /// - Throws: as ``render(_:options:)``.
  package func renderStill(
    _ component: ExpandableText, options: RenderOptions, as encodings: StillEncodings
  ) throws(RenderError) -> StillRender {
    try serializedForSystemFonts { () throws(RenderError) in
      try renderStillNow(component, options: options, as: encodings)
    }
  }

  private func renderStillNow(
    _ component: ExpandableText, options: RenderOptions, as encodings: StillEncodings
  ) throws(RenderError) -> StillRender {
    let layout = try self.layout(component, options: options)
    return StillRender(
      layout: layout.result,
      png: encodings.contains(.png) ? try png(of: layout, options: options).png : nil,
      svg: encodings.contains(.svg) ? try vector(.svg, of: layout, options: options).data : nil,
      pdf: encodings.contains(.pdf) ? try vector(.pdf, of: layout, options: options).data : nil,
      image: encodings.contains(.image) ? try image(of: layout, options: options) : nil,
      fontFiles: encodings.contains(.image) ? layout.fontFiles() : [],
      fontFaces: encodings.contains(.fontFaces) ? layout.fontFaces() : [])
  }
}

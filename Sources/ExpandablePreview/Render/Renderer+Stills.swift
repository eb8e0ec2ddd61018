import Foundation

extension Renderer {
  /// Lays `component` out once and draws that layout in every encoding of `encodings`: a job
  /// writing PNG, SVG and PDF pays for one layout, and the three files show the same decisions.
  /// The result holds the encodings asked for; the others are nil.
  ///
  /// - Throws: as ``render(_:options:)``.
  public func renderStill(
    _ component: ExpandableText, options: RenderOptions, as encodings: StillEncodings
  ) throws(RenderError) -> RenderResult {
    try renderStill(component, options: options, as: encodings, wholeText: false)
  }

  /// `renderStill`, with the reference's `wholeText` and `firstPrefixBytes` (see
  /// ``render(_:options:wholeText:firstPrefixBytes:)``).
  func renderStill(
    _ component: ExpandableText, options: RenderOptions, as encodings: StillEncodings,
    wholeText: Bool, firstPrefixBytes: Int? = nil
  ) throws(RenderError) -> RenderResult {
    try serializedForSystemFonts { () throws(RenderError) in
      let layout = try self.layout(
        component, options: options, wholeText: wholeText, firstPrefixBytes: firstPrefixBytes)
      return try still(of: layout, options: options, as: encodings)
    }
  }

  /// Draws `layout` in each encoding of `encodings`. Font files are walked for only with
  /// ``StillEncodings/image``, faces only with ``StillEncodings/fontFaces``.
  private func still(
    of layout: ComponentLayout, options: RenderOptions, as encodings: StillEncodings
  ) throws(RenderError) -> RenderResult {
    let png = encodings.contains(.png) ? try png(of: layout, options: options) : nil
    return RenderResult(
      layout: layout.result,
      image: encodings.contains(.image) ? try image(of: layout, options: options) : nil,
      png: png?.png,
      svg: encodings.contains(.svg) ? try vector(.svg, of: layout, options: options) : nil,
      pdf: encodings.contains(.pdf) ? try vector(.pdf, of: layout, options: options) : nil,
      fontFiles: encodings.contains(.image) ? layout.fontFiles() : [],
      fontFaces: encodings.contains(.fontFaces) ? layout.fontFaces() : [],
      encodeSeconds: png?.seconds ?? 0)
  }
}

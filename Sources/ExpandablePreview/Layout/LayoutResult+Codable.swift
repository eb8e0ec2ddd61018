/// A layout result is coded as the layout schema's facts (``LayoutSchema/Facts``): one shape
/// for every file that holds a layout.
extension LayoutResult: Codable {
  /// Writes the result's facts with the count of Pango layouts (``LayoutSchema/Facts``).
  public func encode(to encoder: any Encoder) throws {
    try LayoutSchema.Facts(self).encode(to: encoder)
  }

  /// Reads facts that hold every field a render has; facts from a golden record (no
  /// `layouts`) or from an older file are not a whole result.
  public init(from decoder: any Decoder) throws {
    let facts = try LayoutSchema.Facts(from: decoder)
    guard let textFrame = facts.textFrame, let lineFrames = facts.lineFrames,
      let accessibilityElements = facts.accessibilityElements, let layouts = facts.layouts
    else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a layout without textFrame, lineFrames, accessibilityElements "
            + "or layouts is not a whole render's"))
    }
    self.init(
      exceedsLineLimit: facts.exceedsLineLimit, visibleText: facts.visibleText,
      lines: facts.lines, size: facts.size, pixelSize: facts.pixelSize, label: facts.label,
      fade: facts.fade, links: facts.links, labelFits: facts.labelFits, layouts: layouts,
      isRightToLeft: facts.isRightToLeft, textFrame: textFrame, lineFrames: lineFrames,
      accessibilityElements: accessibilityElements)
  }
}

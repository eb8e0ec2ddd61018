/// The fade style: the first lines, the last one fading out before a label at its trailing end.
extension Layouter {
  /// The width of the gradient, as in the reference design.
  static let fadeWidth = 32.0

  /// Draws `visibleLines` lines of `full`, fading the last one before `label`.
  func fade(_ full: TextLayout, visibleLines: Int, label: TextSet) throws(RenderError)
    -> ComponentLayout
  {
    let labelLayout = try layoutLabel(label)
    let line = full.lines[visibleLines - 1]
    let originX = originX(isRightToLeft: full.lines.first?.isRightToLeft ?? false)
    let left = originX
    let right = originX + options.contentWidth
    let labelWidth = min(labelLayout.lines[0].width, options.contentWidth)
    let labelHeight = labelLayout.lines[0].height
    let fadeWidth = min(Self.fadeWidth, options.contentWidth - labelWidth)
    let top = options.padding.top
    let isRightToLeft = line.isRightToLeft
    // The label sits on the last line's bottom, at the trailing edge of the content.
    let labelFrame = Rect(
      x: isRightToLeft ? left : right - labelWidth,
      y: max(0, top + line.bottom - labelHeight), width: labelWidth, height: labelHeight)
    let fadeFrame = Rect(
      x: isRightToLeft ? left + labelWidth : right - labelWidth - fadeWidth,
      y: top + line.top, width: fadeWidth, height: line.height)
    return finish(
      body: full, visibleLines: visibleLines, truncated: true,
      fade: (fadeFrame, isRightToLeft),
      label: .init(
        layout: labelLayout, frame: labelFrame,
        color: label.color.resolved(in: options.appearance)))
  }

  /// Draws every line of `full` and the collapse label on a line of its own under them.
  func labelBelow(_ full: TextLayout, label: TextSet) throws(RenderError) -> ComponentLayout {
    let labelLayout = try layoutLabel(label)
    let isRightToLeft = full.lines.first?.isRightToLeft ?? false
    let originX = originX(isRightToLeft: isRightToLeft)
    let labelWidth = min(labelLayout.lines[0].width, options.contentWidth)
    let labelHeight = labelLayout.lines[0].height
    let gap = component.lineSpacing
    let labelFrame = Rect(
      x: isRightToLeft ? originX : originX + options.contentWidth - labelWidth,
      y: options.padding.top + full.height + gap, width: labelWidth, height: labelHeight)
    return finish(
      body: full, visibleLines: full.lines.count, truncated: true,
      label: .init(
        layout: labelLayout, frame: labelFrame,
        color: label.color.resolved(in: options.appearance)),
      extraHeight: gap + labelHeight)
  }
}

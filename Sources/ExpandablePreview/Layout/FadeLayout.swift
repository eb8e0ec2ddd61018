/// The fade style: the first lines, the last one fading out before a label at its trailing end.
extension Layouter {
  /// The width of the gradient, as in the reference design.
  static let fadeWidth = 32.0

  /// Draws `visibleLines` lines of `full`, fading the last one before `label`.
  ///
  /// The label's bottom sits on the last line's bottom at the trailing edge. A label taller
  /// than the last line reaches into the lines above: the fade and the hidden area behind the
  /// label span the label's whole height, so no text shows through it. A label taller than
  /// everything above the last line's bottom moves the text down by the difference, so the
  /// label stays inside the image.
  func fade(_ full: TextLayout, visibleLines: Int, label: TextSet) throws(RenderError)
    -> ComponentLayout
  {
    let (labelLayout, labelFits) = try layoutLabel(label)
    let line = full.lines[visibleLines - 1]
    let left = originX(isRightToLeft: full.lines.first?.isRightToLeft ?? false)
    let right = left + options.contentWidth
    let labelWidth = min(labelLayout.lines[0].width, options.contentWidth)
    let labelHeight = labelLayout.lines[0].height
    let fadeWidth = min(Self.fadeWidth, options.contentWidth - labelWidth)
    let inset = max(0, labelHeight - (options.padding.top + line.bottom))
    let top = options.padding.top + inset
    let isRightToLeft = line.isRightToLeft
    let labelFrame = Rect(
      x: isRightToLeft ? left : right - labelWidth, y: top + line.bottom - labelHeight,
      width: labelWidth, height: labelHeight)
    let fadeTop = min(top + line.top, labelFrame.y)
    let fadeFrame = Rect(
      x: isRightToLeft ? left + labelWidth : right - labelWidth - fadeWidth,
      y: fadeTop, width: fadeWidth, height: top + line.bottom - fadeTop)
    return finish(
      body: full, visibleLines: visibleLines, truncated: true,
      fade: (fadeFrame, isRightToLeft),
      label: .init(
        layout: labelLayout, frame: labelFrame,
        color: options.resolve(label.color)),
      labelFits: labelFits, topInset: inset)
  }

  /// Draws every line of `full` and the collapse label on a line of its own under them.
  func labelBelow(_ full: TextLayout, label: TextSet) throws(RenderError) -> ComponentLayout {
    let (labelLayout, labelFits) = try layoutLabel(label)
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
        color: options.resolve(label.color)),
      labelFits: labelFits, extraHeight: gap + labelHeight)
  }
}

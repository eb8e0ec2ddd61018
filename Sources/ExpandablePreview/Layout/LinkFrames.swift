/// Where the visible links are: one frame per line, from Pango's x ranges of the link's bytes.
extension Layouter {
  /// The links among the first `visibleBytes` bytes of `body` on its first `visibleLines`
  /// lines, in image points. On a faded line a frame ends where the label's hidden area starts.
  func visibleLinks(
    _ body: TextLayout, visibleBytes: Int, visibleLines: Int,
    fade: (frame: Rect, isRightToLeft: Bool)?
  ) -> [(link: VisibleLink, text: String)] {
    let links = styled.links(before: min(visibleBytes, text.count))
    guard !links.isEmpty else { return [] }
    let originX = originX(isRightToLeft: body.lines.first?.isRightToLeft ?? false)
    let top = options.padding.top
    return links.compactMap { link in
      var frames: [Rect] = []
      for index in 0..<visibleLines {
        let line = body.lines[index].bytes
        let low = max(line.lowerBound, link.bytes.lowerBound)
        let high = min(line.upperBound, link.bytes.upperBound)
        guard low < high, var frame = body.frame(of: low..<high, onLine: index) else { continue }
        frame.x += originX
        frame.y += top
        if let fade, index == visibleLines - 1 {
          // Past the fade's far edge the label's area hides the text.
          let low = fade.isRightToLeft ? max(frame.x, fade.frame.x) : frame.x
          let high = fade.isRightToLeft ? frame.maxX : min(frame.maxX, fade.frame.maxX)
          guard high > low else { continue }
          frame.x = low
          frame.width = high - low
        }
        frames.append(frame)
      }
      guard !frames.isEmpty else { return nil }
      let bytes = link.bytes.clamped(to: 0..<text.count)
      return (
        VisibleLink(url: link.url, frames: frames), String(decoding: text[bytes], as: UTF8.self)
      )
    }
  }
}

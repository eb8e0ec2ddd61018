import CPangoCairo
import ExpandablePreviewFuzzing
import Foundation
import Testing

@testable import ExpandablePreview

@Test func debugFour() throws {
  for path in ["/tmp/stress-failure-1-2543", "/tmp/stress-failure-1-4726"] {
    let input = LayoutFuzzInput([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    guard let fontMap = pango_cairo_font_map_get_default() else { return }
    let context = try PangoTextContext(fontMap: fontMap, direction: input.component.direction)
    var l = try Layouter(component: input.component, options: input.options, context: context)
    let full = try l.layoutText(l.text)
    let limit = input.component.lineLimit
    let line = full.lines[limit - 1]
    let suffix = try l.measureSuffix(input.component.ellipsis, input.component.expandButton)
    print(
      "available", input.options.contentWidth, "suffix", suffix, "line", line.bytes, "lines",
      full.lines.count)
    let cands = l.cutCandidates(in: full, lineIndex: limit - 1)
    for c in cands.prefix(40) {
      let w =
        c > line.bytes.lowerBound ? full.width(of: line.bytes.lowerBound..<c, onLine: limit - 1) : 0
      if w + suffix > Double(input.options.contentWidth) + 30.0 { continue }
      let lay = try l.inlineLabel(
        after: Array(l.text[..<c]), separator: input.component.ellipsis,
        label: input.component.expandButton, visibleText: [])
      let b = lay.body
      let lw = b.lines.map { String(format: "%.1f", $0.width) }.joined(separator: ",")
      print(
        c, String(format: "pred %.2f total %.2f", w, w + suffix), "lines", b.lines.count, "starts",
        b.lines.map { $0.bytes.lowerBound }.suffix(3), "widths", lw)
    }
  }
}

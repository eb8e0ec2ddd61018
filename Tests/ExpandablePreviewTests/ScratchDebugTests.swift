@_spi(Reference) import ExpandablePreview
@testable import ExpandablePreviewFuzzing
import Foundation
import Testing

@Suite struct ScratchDebugTests {
  @Test(arguments: [845, 638]) func dump(index: Int) throws {
    let (component, options) = TruncationCases.component(index, style: .ellipsis)
    let renderer = Renderer()
    let probe = try TruncationProbe(component, options: options, renderer: renderer)
    let text = Array(component.text.utf8)
    print("CASE \(index) width \(options.width) limit \(component.lineLimit) ellipsis \(component.ellipsis.debugDescription) label \(component.expandButton) words \(component.cutsAtWordBoundaries)")
    for line in probe.lines.prefix(component.lineLimit + 1) { print("  line", String(decoding: text[line], as: UTF8.self).debugDescription) }
    var seen = Set<Int>()
    for c in TruncationReference.candidates(of: component, probe: probe).reversed() where c.end <= probe.lines[component.lineLimit].upperBound && seen.insert(c.kept).inserted {
      print("  kept \(c.kept) lines \(try probe.lineCount(keepingBytes: c.kept)) \(String(decoding: text[..<c.kept], as: UTF8.self).suffix(12).debugDescription)")
    }
    let r = try renderer.layout(of: component, options: options)
    print("  render kept \(r.visibleText.utf8.count) layouts \(r.layouts)")
  }
}

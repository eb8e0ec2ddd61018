import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// `layout.json` put together from one part per render has the bytes of the whole report
/// encoded at once (the reference), so a part kept from an earlier run fits in any file.
@Suite struct LayoutReportFragmentsTests {
  /// Real layouts to start from: stills of both styles and states, one with a link, and an
  /// animation.
  static func baseLayouts() throws -> [(job: RenderJob, layout: FileLayout)] {
    let json = #"""
      {"items": [
        {"name": "a", "text": "Some words that wrap over a few lines here.", "lineLimit": 1},
        {"name": "b", "text": "A [link](https://example.com/a?b=1) in *it*.", "markdown": true,
         "style": "ellipsis", "accessibilityOverlay": true},
        {"name": "c", "text": "Words that wrap over lines when the width is this narrow.",
         "width": 120, "lineLimit": 1, "states": ["expanding"], "animation": "easeIn"}
      ]}
      """#
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(json.utf8)))
    let renderer = try Renderer()
    var layouts: [(RenderJob, FileLayout)] = []
    for (index, item) in manifest.items.enumerated() {
      for job in RenderJob.jobs(for: item, itemIndex: index) {
        layouts.append((job, try JobRenderer.files(of: job, with: renderer).layout))
      }
    }
    return layouts
  }

  /// Text pieces that JSON escapes, or that look like the file's own structure.
  static let pieces = [
    "a", "Zz", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "日本語", "🙂", "{", "}", "[]",
    "\n    },\n    {\n", ",", ":", "\u{2028}",
  ]

  static func text(_ random: inout SplitMix64) -> String {
    (0..<Int.random(in: 0...6, using: &random)).map { _ in
      pieces.randomElement(using: &random)!
    }.joined()
  }

  static func number(_ random: inout SplitMix64) -> Double {
    switch Int.random(in: 0...4, using: &random) {
    case 0: 0
    case 1: Double(Int.random(in: -1000...100_000, using: &random))
    case 2: Double.random(in: -1e6...1e6, using: &random)
    case 3: 0.1 + 0.2
    default: Double.random(in: 0...1, using: &random) / 3
    }
  }

  static func rect(_ random: inout SplitMix64) -> Rect {
    Rect(
      x: number(&random), y: number(&random), width: number(&random), height: number(&random))
  }

  static func changed(_ layout: FileLayout, _ random: inout SplitMix64) -> FileLayout {
    if var still = layout.part as? LayoutResult {
      still.visibleText = text(&random)
      still.lines = Int.random(in: 0...40, using: &random)
      still.size = Size(width: number(&random), height: number(&random))
      still.label = Bool.random(using: &random) ? nil : rect(&random)
      still.fade = Bool.random(using: &random) ? nil : rect(&random)
      still.exceedsLineLimit = Bool.random(using: &random)
      still.lineFrames = (0..<Int.random(in: 0...3, using: &random)).map { _ in rect(&random) }
      for index in still.links.indices {
        still.links[index].url = text(&random)
        still.links[index].frames.append(rect(&random))
      }
      return FileLayout(still)
    }
    if var animation = layout.part as? AnimationLayout {
      if Bool.random(using: &random) { animation.frames = Array(animation.frames.prefix(1)) }
      for index in animation.frames.indices {
        animation.frames[index].height = number(&random)
      }
      animation.collapsed.visibleText = text(&random)
      return FileLayout(animation)
    }
    return layout
  }

  @Test func aReportPutTogetherFromPartsHasTheBytesOfTheWholeReport() throws {
    let bases = try Self.baseLayouts()
    var random = SplitMix64(seed: 22)
    for round in 0..<300 {
      let renders = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        let (job, layout) = bases.randomElement(using: &random)!
        let unchanged = Bool.random(using: &random)
        return LayoutReport.Entry(
          file: unchanged ? job.file : Self.text(&random) + ".png",
          moreFiles: unchanged ? job.moreFiles.map(\.file) : [Self.text(&random)],
          state: job.state, variant: job.variant,
          layout: unchanged ? layout : Self.changed(layout, &random))
      }
      let name = Bool.random(using: &random) ? "item" : Self.text(&random)
      let fontSet: FontSet = Bool.random(using: &random) ? .standard : .system
      let whole = try LayoutReport(name: name, fontSet: fontSet, renders: renders).jsonData()
      let parts = try renders.map(LayoutReportFragments.fragment(of:))
      let assembled = try LayoutReportFragments.assemble(
        name: name, fontSet: fontSet, fragments: parts)
      #expect(assembled.data == whole, "round \(round)")
      // The parts are cut out of the file again where the record says they are.
      let kept = LayoutReportFragments.kept(
        data: assembled.data, start: assembled.start, lengths: assembled.lengths)
      #expect(kept?.fragments == parts, "round \(round)")
    }
  }

  @Test func partsThatDoNotFitTheFileAreNotKept() throws {
    let bases = try Self.baseLayouts()
    let renders = bases.prefix(3).map { job, layout in
      LayoutReport.Entry(file: job.file, state: job.state, variant: job.variant, layout: layout)
    }
    let assembled = try LayoutReportFragments.assemble(
      name: "a", fontSet: .standard, fragments: renders.map(LayoutReportFragments.fragment(of:)))
    let (start, lengths) = (assembled.start, assembled.lengths)
    #expect(LayoutReportFragments.kept(data: assembled.data, start: start, lengths: lengths) != nil)
    var shorter = lengths
    shorter[1] -= 1
    var longer = lengths
    longer[2] += 1
    for (start, lengths) in [
      (start + 1, lengths), (start - 1, lengths), (start, shorter), (start, longer),
      (start, lengths + [lengths[0]]),
    ] {
      #expect(
        LayoutReportFragments.kept(data: assembled.data, start: start, lengths: lengths) == nil)
    }
  }
}

import ExpandablePreview
import ExpandablePreviewFuzzing
import Foundation
import Testing

/// The collapsed renders of thousands of seeded random cases (``TruncationCases``) against the
/// brute-force ``TruncationReference``: 8 × 250 per style, of which ``ReferenceSample`` picks
/// this run's share. Set EXPANDABLE_PREVIEW_TRUNCATION_STATS=1 to print the rates of each kind
/// of mismatch and the layout counts.
@Suite struct TruncationReferenceTests {
  static let batches = 0..<8
  static let casesPerBatch = ReferenceSample.count(250)

  @Test(arguments: batches)
  func ellipsisCutIsTheLongestPrefixThatFitsTheLineLimit(batch: Int) throws {
    let tally = try Self.compare(batch: batch, style: .ellipsis)
    #expect(tally.truncated > Self.casesPerBatch / 2, "too few cases truncate to say much")
    #expect(
      tally.problems.isEmpty,
      "\(tally.problems.count) mismatches: \(tally.problems.prefix(5)); \(Self.replay)")
  }

  @Test(arguments: batches)
  func fadeShowsTheFirstLinesAndHidesEverythingBehindTheLabel(batch: Int) throws {
    let tally = try Self.compare(batch: batch, style: .fade, checksPixels: true)
    #expect(tally.truncated > Self.casesPerBatch / 2, "too few cases truncate to say much")
    #expect(
      tally.problems.isEmpty,
      "\(tally.problems.count) mismatches: \(tally.problems.prefix(5)); \(Self.replay)")
  }

  /// Counts of one batch: mismatches by kind, and the layouts the renders made.
  struct Tally {
    var truncated = 0
    var counts: [String: Int] = [:]
    var problems: [String] = []
    var layouts: [Int] = []
    var referenceLayouts = 0

    mutating func add(_ kind: String, _ message: String, case index: Int) {
      counts[kind, default: 0] += 1
      problems.append("case \(index): \(kind): \(message)")
    }

    func report(_ style: TruncationStyle, batch: Int) {
      guard ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_TRUNCATION_STATS"] != nil
      else { return }
      let kinds = counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      let mean = Double(layouts.reduce(0, +)) / Double(max(1, layouts.count))
      print(
        "truncation-stats seed=\(seed) style=\(style) batch=\(batch) cases=\(TruncationReferenceTests.casesPerBatch)"
          + " truncated=\(truncated) \(kinds.joined(separator: " ")) layoutsSum=\(layouts.reduce(0, +))"
          + " layoutsMax=\(layouts.max() ?? 0) layoutsMean=\(mean) referenceLayouts=\(referenceLayouts)"
      )
    }
  }

  /// The generator's seed in this run (``ReferenceSample``).
  static let seed = ReferenceSample.seed(TruncationCases.seed)
  static let replay = ReferenceSample.replay("TruncationReferenceTests")

  static func compare(batch: Int, style: TruncationStyle, checksPixels: Bool = false) throws
    -> Tally
  {
    let renderer = try Renderer()
    var tally = Tally()
    let start = batch * casesPerBatch
    for index in start..<(start + casesPerBatch) {
      let (component, options) = TruncationCases.component(index, style: style, seed: seed)
      let reference = try TruncationReference(component, options: options, renderer: renderer)
      let result = try renderer.render(component, options: options)
      tally.referenceLayouts += reference.layouts
      guard reference.truncated else { continue }
      tally.truncated += 1
      tally.layouts.append(result.layout.layouts)
      let allowed = LayoutInvariants.maxLayouts(candidates: reference.candidates.count)
      if result.layout.layouts > allowed {
        tally.add("layouts", "\(result.layout.layouts), the bound is \(allowed)", case: index)
      }
      for (kind, message) in reference.mismatches(ofCollapsed: result.layout, component) {
        tally.add(kind.rawValue, message, case: index)
      }
      if checksPixels, let ink = inkBehindLabel(component, options, renderer: renderer) {
        tally.add("inkBehindLabel", ink, case: index)
      }
    }
    tally.report(style, batch: batch)
    return tally
  }

  /// Renders `component` with a fully transparent label: every whole pixel inside the label's
  /// frame must then show the plain background, or text ink shows behind the label.
  static func inkBehindLabel(
    _ component: ExpandableText, _ options: RenderOptions, renderer: Renderer
  ) -> String? {
    var clear = component.expandButton
    clear.color = Color(Color.RGBA(red: 0, green: 0, blue: 0, alpha: 0))
    guard let result = try? renderer.render(component.expandButton(clear), options: options),
      let label = result.layout.label
    else { return "render without a label" }
    let scale = Double(options.scale)
    let image = result.image!
    let columns = Int((label.x * scale).rounded(.up))..<Int((label.maxX * scale).rounded(.down))
    let rows = Int((label.y * scale).rounded(.up))..<Int((label.maxY * scale).rounded(.down))
    for y in rows where y >= 0 && y < image.height {
      for x in columns where x >= 0 && x < image.width {
        let pixel = image.pixel(x: x, y: y)
        if pixel.r != 255 || pixel.g != 255 || pixel.b != 255 {
          return "ink at pixel (\(x), \(y)) inside label \(label)"
        }
      }
    }
    return nil
  }
}

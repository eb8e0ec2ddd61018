import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import Testing

@testable import ExpandablePreviewEngine

/// The lazy job list against the obviously right reference: every item's jobs made eagerly,
/// variant by variant and state by state, concatenated.
@Suite struct JobListTests {
  @Test func lazyJobsMatchTheEagerReferenceOnRandomPlans() {
    var generator = SplitMix64(seed: 12)
    let appearances = Appearance.allCases
    let sizes = DynamicTypeSize.allCases
    for _ in 0..<200 {
      let items = (0..<Int.random(in: 1...6, using: &generator)).map { number in
        ManifestItem(
          name: "item\(number)", component: ExpandableText(text: "x"), options: RenderOptions(),
          matrix: {
            var axes = VariantAxes()
            axes[VariantAxis.appearance] = Array(
              appearances.shuffled(using: &generator).prefix(
                Int.random(in: 1...2, using: &generator)))
            axes[VariantAxis.dynamicType] = Array(
              sizes.shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator)))
            axes[VariantAxis.width] = (0..<Int.random(in: 1...3, using: &generator)).map {
              Double(300 + $0)
            }
            axes[VariantAxis.scale] = Array(
              [1, 2, 3].prefix(Int.random(in: 1...3, using: &generator)))
            return axes.matrix(over: RenderOptions())
          }(),
          states: Bool.random(using: &generator) ? OutputState.allCases : [.expanded])
      }
      let picked = items.indices.filter { _ in Bool.random(using: &generator) }
      let lazy = JobList(items: items, itemIndices: picked)
      let reference = picked.flatMap { index in
        items[index].matrix.variants.flatMap { variant in
          items[index].states.map { (index, variant, $0) }
        }
      }
      #expect(lazy.count == reference.count)
      for (job, expected) in zip(lazy, reference) {
        #expect(job.itemIndex == expected.0 && job.variant == expected.1 && job.state == expected.2)
        #expect(
          job.options.width == expected.1[VariantAxis.width]
            && job.options.scale == expected.1[VariantAxis.scale])
      }
    }
  }
}

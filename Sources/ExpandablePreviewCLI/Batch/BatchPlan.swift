import ExpandablePreview
import ExpandablePreviewGolden

/// What one run renders: the items selected by `--only`, the part of them `--shard` picks, and
/// their jobs in a fixed order.
struct BatchPlan: Sendable {
  /// Every item after `--only` (the gallery shows all of them, whichever shard writes it).
  var items: [ManifestItem]
  /// The jobs of all `items`, item by item.
  var allJobs: [[RenderJob]]
  /// Positions in `items` this run renders.
  var renderedItems: [Int]
  /// The jobs this run renders, in item order.
  var jobs: [RenderJob]
  /// Whether this run is the unsharded run or shard 1: the one that writes what covers all
  /// shards (`render`'s `index.html`, `verify`'s list of orphans).
  var isLeadShard: Bool

  init(manifest: Manifest, only: [String]?, shard: Shard?) throws(UsageError) {
    var items = manifest.items
    if let only {
      let names = Set(manifest.items.map(\.name))
      for name in only where !names.contains(name) {
        throw UsageError(
          "--only: no item named '\(name)' in the manifest\(KeySuggestion.hint(for: name, in: names.sorted()))"
        )
      }
      items = manifest.items.filter { only.contains($0.name) }
    }
    let allJobs = items.enumerated().map { RenderJob.jobs(for: $1, itemIndex: $0) }
    let renderedItems =
      shard?.itemIndices(fileCounts: allJobs.map(\.count)) ?? Array(items.indices)
    self.items = items
    self.allJobs = allJobs
    self.renderedItems = renderedItems
    jobs = renderedItems.flatMap { allJobs[$0] }
    isLeadShard = shard == nil || shard?.index == 1
  }
}

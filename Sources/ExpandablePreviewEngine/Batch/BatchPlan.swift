import ExpandablePreview
import ExpandablePreviewGolden

/// What one run renders: the items selected by `--only`, the part of them `--shard` picks, and
/// their jobs in a fixed order.
package struct BatchPlan: Sendable {
  /// Every item after `--only` (the gallery shows all of them, whichever shard writes it).
  package var items: [ManifestItem]
  /// The manifest's items `--only` left out (empty without it): the gallery still shows those
  /// an earlier run rendered into the output folder.
  var itemsLeftOut: [ManifestItem] = []
  /// Each item's position in the manifest, by name (the gallery keeps that order).
  var manifestOrder: [String: Int] = [:]
  /// Positions in `items` this run renders.
  package var renderedItems: [Int]
  /// The jobs this run renders, in item order, made on demand.
  package var jobs: JobList
  /// Whether this run is the unsharded run or shard 1: the one that writes what covers all
  /// shards (`render`'s `index.html`, `verify`'s list of orphans).
  package var isLeadShard: Bool
  /// The files the jobs write (a still's SVG and PDF beside its PNG count as files).
  package var fileCount: Int { jobs.reduce(0) { $0 + $1.fileCount } }

  /// The most renders a run plans unless `--max-renders` says otherwise.
  package static let defaultMaxRenders = 100_000

  /// Counts the whole manifest's renders first and refuses more than `maxRenders`, so a
  /// variants matrix of billions is an error, not an exhausted machine.
  /// `formats`, when given, replaces every item's (`render --format`; `verify` asks for PNG).
  package init(
    manifest: Manifest, only: [String]?, shard: Shard?, maxRenders: Int = defaultMaxRenders,
    formats: [OutputFormat]? = nil
  ) throws(EngineError) {
    let total = manifest.items.reduce(0) { total, item in
      let (sum, overflow) = total.addingReportingOverflow(item.renderCount)
      return overflow ? Int.max : sum
    }
    guard total <= maxRenders else {
      let count = total == Int.max ? "more than \(Int.max - 1)" : "\(total)"
      throw EngineError(
        "the manifest asks for \(count) renders; the limit is \(maxRenders) (raise it with --max-renders N)"
      )
    }
    var items = manifest.items
    manifestOrder = Dictionary(
      manifest.items.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    if let only {
      let chosen = Set(only)
      let names = Set(manifest.items.map(\.name))
      for name in only where !names.contains(name) {
        throw EngineError(
          "--only: no item named '\(name)' in the manifest\(KeySuggestion.hint(for: name, in: names.sorted()))"
        )
      }
      items = manifest.items.filter { chosen.contains($0.name) }
      itemsLeftOut = manifest.items.filter { !chosen.contains($0.name) }
    }
    if let formats { items = items.map { $0.writing(formats) } }
    let renderedItems =
      shard?.itemIndices(fileCounts: items.map(\.renderCount)) ?? Array(items.indices)
    self.items = items
    self.renderedItems = renderedItems
    jobs = JobList(items: items, itemIndices: renderedItems)
    isLeadShard = shard == nil || shard?.index == 1
  }

  /// Every job of item `index` of `items`, whichever shard renders it (for the gallery).
  package func jobs(ofItem index: Int) -> [RenderJob] {
    RenderJob.jobs(for: items[index], itemIndex: index)
  }
}

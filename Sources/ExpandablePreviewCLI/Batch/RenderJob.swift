import ExpandablePreview
import ExpandablePreviewGolden

/// One file to render: an item in one variant and one state.
struct RenderJob: Sendable {
  /// The item's position in the plan's item list.
  var itemIndex: Int
  var itemName: String
  var file: String
  var state: OutputState
  var variant: Variant
  var component: ExpandableText
  var options: RenderOptions

  /// The output path relative to the output folder.
  var relativePath: String { "\(itemName)/\(file)" }

  /// Every job of `item`: variants in matrix order, each in every selected state.
  static func jobs(for item: ManifestItem, itemIndex: Int) -> [RenderJob] {
    (0..<item.renderCount).map { job(for: item, itemIndex: itemIndex, at: $0) }
  }

  /// Job `index` of `item` (in the order of ``jobs(for:itemIndex:)``), made on demand.
  static func job(for item: ManifestItem, itemIndex: Int, at index: Int) -> RenderJob {
    let variant = item.matrix.variant(at: index / item.states.count)
    let state = item.states[index % item.states.count]
    var options = item.options
    options.appearance = variant.appearance
    options.dynamicType = variant.dynamicType
    options.width = variant.width
    options.scale = variant.scale
    if let still = state.still { options.state = still }
    return RenderJob(
      itemIndex: itemIndex, itemName: item.name,
      file: FileName.png(state: state, variant: variant, matrix: item.matrix), state: state,
      variant: variant, component: item.component, options: options)
  }
}

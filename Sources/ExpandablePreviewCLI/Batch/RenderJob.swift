import ExpandablePreview
import ExpandablePreviewGolden

/// One file to render: an item in one variant and one state.
struct RenderJob: Sendable {
  /// The item's position in the plan's item list.
  var itemIndex: Int
  var itemName: String
  var file: String
  var state: ExpansionState
  var variant: Variant
  var component: ExpandableText
  var options: RenderOptions

  /// The output path relative to the output folder.
  var relativePath: String { "\(itemName)/\(file)" }

  /// Every job of `item`: variants in matrix order, each in every selected state.
  static func jobs(for item: ManifestItem, itemIndex: Int) -> [RenderJob] {
    item.matrix.variants.flatMap { variant in
      item.states.map { state in
        var options = item.options
        options.appearance = variant.appearance
        options.dynamicType = variant.dynamicType
        options.width = variant.width
        options.scale = variant.scale
        options.state = state
        return RenderJob(
          itemIndex: itemIndex, itemName: item.name,
          file: FileName.png(state: state, variant: variant, matrix: item.matrix), state: state,
          variant: variant, component: item.component, options: options)
      }
    }
  }
}

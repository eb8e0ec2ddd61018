import ExpandablePreview
import ExpandablePreviewGolden
import Foundation

/// A decoded manifest: every item resolved against `defaults` and `variants`.
struct Manifest: Sendable {
  var items: [ManifestItem]
  /// The fonts renders use: the pinned standard set plus the top-level `fonts` (resolved to
  /// absolute URLs), or the machine's fonts with `"fonts": "system"`.
  var fontSet = FontSet.standard
}

/// One item, ready to render: the component, the render options before a variant and state are
/// applied, the variant values and the states.
struct ManifestItem: Sendable {
  var name: String
  var component: ExpandableText
  var options: RenderOptions
  var matrix: VariantMatrix
  var states: [ExpansionState]
}

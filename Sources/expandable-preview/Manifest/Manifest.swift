import ExpandablePreview
import Foundation

/// A decoded manifest: every item resolved against `defaults` and `variants`.
struct Manifest: Sendable {
  var items: [ManifestItem]
  /// The top-level `fonts`, resolved to absolute URLs: when given, renders use only these font
  /// files and folders.
  var fonts: [URL]? = nil
}

/// One item, ready to render: the component, the render options before a variant and state are
/// applied, the variant values and the states.
struct ManifestItem: Sendable {
  var name: String
  var component: ExpandableText
  var options: RenderOptions
  var matrix: VariantMatrix
  var states: [ExpansionState]

  /// The files this item renders: every variant in every state (`Int.max` past that).
  var renderCount: Int { saturatingProduct(matrix.count, states.count) }
}

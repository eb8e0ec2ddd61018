import ExpandablePreview

/// A decoded manifest: every item resolved against `defaults` and `variants`.
struct Manifest: Sendable {
  var items: [ManifestItem]
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

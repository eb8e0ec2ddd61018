import ExpandablePreview
import ExpandablePreviewGolden

/// The `variants` object: values to multiply every item by, per axis (``VariantAxis/all``).
/// An item's own `variants` replace the manifest's values axis by axis.
struct VariantAxes: Sendable {
  var appearance: [Appearance]?
  var dynamicType: [DynamicTypeSize]?
  var legibilityWeight: [LegibilityWeight]?
  var colorSchemeContrast: [ColorSchemeContrast]?
  /// Devices, never nil among them.
  var device: [Device?]?
  var width: [Double]?
  var scale: [Int]?

  func overridden(by other: VariantAxes) -> VariantAxes {
    var merged = other
    for axis in VariantAxis.all { axis.merge(&merged, self) }
    return merged
  }

  /// Every axis filled: the listed values, or the single value of `options`.
  func matrix(over options: RenderOptions) -> VariantMatrix {
    var matrix = VariantMatrix()
    for axis in VariantAxis.all { axis.fill(self, options, &matrix) }
    return matrix
  }
}

extension VariantAxes {
  /// Reads a `variants` object: each key an axis, each value a non-empty array without repeats.
  init(reading node: JSONNode, scope: String, source: ManifestSource) throws(ManifestError) {
    let object = try ObjectReader(
      node, scope: scope, keyPrefix: "variants.", knownKeys: VariantAxis.keys, source: source)
    for axis in VariantAxis.all { try axis.read(object, &self) }
  }
}

extension ValueReader {
  /// A non-empty array of distinct values, each converted by `convert`.
  func axis<T: Hashable>(_ node: JSONNode, _ convert: (JSONNode) throws(ManifestError) -> T)
    throws(ManifestError) -> [T]
  {
    let elements = try array(node)
    guard !elements.isEmpty else { throw fail(node, "needs at least one value") }
    var values: [T] = []
    // A set beside the list: a long axis is checked in linear time, not quadratic.
    var seen = Set<T>()
    for element in elements {
      let value = try convert(element)
      guard seen.insert(value).inserted else {
        throw fail(element, "lists \(element.excerpt) twice")
      }
      values.append(value)
    }
    return values
  }
}

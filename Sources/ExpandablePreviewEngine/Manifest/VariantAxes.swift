import ExpandablePreview
import ExpandablePreviewGolden

/// The `variants` object: values to multiply every item by, per axis (``VariantAxis/all``).
/// An item's own `variants` replace the manifest's values axis by axis.
struct VariantAxes: Sendable {
  /// The values each axis lists, by its place in ``VariantAxis/all`` (nil: none listed): no
  /// field per axis, so an axis is added by its declaration alone.
  var values: [[AxisValue]?] = Array(repeating: nil, count: VariantAxis.all.count)

  /// The values `axis` lists; nil when it lists none.
  subscript<Value>(axis: VariantAxis.Slot<Value>) -> [Value]? {
    get { values[axis.index].map { $0.map { $0.typed() } } }
    set { values[axis.index] = newValue.map { $0.map(AxisValue.init) } }
  }

  func overridden(by other: VariantAxes) -> VariantAxes {
    VariantAxes(values: zip(other.values, values).map { own, base in own ?? base })
  }

  /// Every axis filled: the listed values, or the single value of `options`.
  func matrix(over options: RenderOptions) -> VariantMatrix {
    var matrix = VariantMatrix(over: options)
    for (index, listed) in values.enumerated() {
      if let listed { matrix.values[index] = listed }
    }
    return matrix
  }
}

extension VariantAxes {
  /// Reads a `variants` object: each key an axis, each value a non-empty array without repeats.
  init(reading node: JSONNode, scope: String, source: ManifestSource) throws(ManifestError) {
    let object = try ObjectReader(
      node, scope: scope, keyPrefix: "variants.", knownKeys: VariantAxis.keys, source: source)
    for axis in VariantAxis.all { values[axis.index] = try axis.declared.read(object) }
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

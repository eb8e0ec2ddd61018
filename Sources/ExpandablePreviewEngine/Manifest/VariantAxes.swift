import ExpandablePreview
import ExpandablePreviewGolden

/// The `variants` object: values to multiply every item by, per axis (``VariantAxis/all``).
/// An item's own `variants` replace the manifest's values axis by axis.
struct VariantAxes: Sendable {
  /// The values each axis lists, by its key (none: it lists none), each value in an otherwise
  /// blank ``Variant``: typed, and no field per axis here.
  var lists: [String: [Variant]] = [:]

  /// The values `axis` lists; nil when it lists none.
  subscript<Value>(axis: AxisField<Value>) -> [Value]? {
    get { lists[axis.key].map { $0.map { $0[keyPath: axis.path] } } }
    set { lists[axis.key] = newValue.map { $0.map(Variant.blank(axis)) } }
  }

  func overridden(by other: VariantAxes) -> VariantAxes {
    VariantAxes(lists: lists.merging(other.lists) { _, own in own })
  }

  /// Every axis filled: the listed values, or the single value of `options`.
  func matrix(over options: RenderOptions) -> VariantMatrix {
    var matrix = VariantMatrix(over: options)
    for axis in VariantAxis.all {
      if let listed = lists[axis.key] { matrix.set(axis, listed) }
    }
    return matrix
  }
}

extension VariantAxes {
  /// Reads a `variants` object: each key an axis, each value a non-empty array without repeats.
  init(reading node: JSONNode, scope: String, source: ManifestSource) throws(ManifestError) {
    let object = try ObjectReader(
      node, scope: scope, keyPrefix: "variants.", knownKeys: VariantAxis.keys, source: source)
    for axis in VariantAxis.all { lists[axis.key] = try axis.read(object) }
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

import ExpandablePreview

/// The values of every variant axis (``VariantAxis/all``) for one item; the item renders each
/// combination. ``VariantAxes/matrix(over:)`` fills every axis.
struct VariantMatrix: Sendable, Hashable {
  /// Each axis's values, by its place in ``VariantAxis/all``: no field per axis, so an axis is
  /// added by its declaration alone.
  var values: [[AxisValue]]

  /// Every axis with the one value of `options` (no device).
  init(over options: RenderOptions) {
    values = VariantAxis.all.map { [$0.declared.single(options)] }
  }

  /// The values of `axis`.
  subscript<Value>(axis: VariantAxis.Slot<Value>) -> [Value] {
    get { values[axis.index].map { $0.typed() } }
    set { values[axis.index] = newValue.map(AxisValue.init) }
  }

  /// The number of combinations (`Int.max` when that overflows), counted without making them.
  var count: Int { values.map(\.count).reduce(1, saturatingProduct) }

  /// Combination `index` of ``variants``, made on demand: the last axis of
  /// ``VariantAxis/all`` varies fastest, the first slowest.
  func variant(at index: Int) -> Variant {
    var rest = index
    var picked = values.map { $0[0] }
    for axis in values.indices.reversed() {
      let count = values[axis].count
      picked[axis] = values[axis][rest % count]
      rest /= count
    }
    return Variant(values: picked)
  }

  /// Every combination in a fixed order: by the axes in ``VariantAxis/all``'s order, each
  /// axis's values in the order the manifest lists them.
  var variants: [Variant] { (0..<count).map(variant(at:)) }
}

/// `a × b`, or `Int.max` when it overflows: render counts only need to be compared with a limit.
func saturatingProduct(_ a: Int, _ b: Int) -> Int {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? Int.max : product
}

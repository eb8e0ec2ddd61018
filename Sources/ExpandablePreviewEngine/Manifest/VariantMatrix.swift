import ExpandablePreview

/// The values of every variant axis (``VariantAxis/all``) for one item; the item renders each
/// combination. ``VariantAxes/matrix(over:)`` fills every axis.
struct VariantMatrix: Sendable, Hashable {
  /// Each axis's values by its key, each value in an otherwise blank ``Variant``: typed, and
  /// no field per axis here, so an axis is added by its declaration and its variant field.
  private(set) var lists: [String: [Variant]]

  /// Every axis with the one value of `options` (no device).
  init(over options: RenderOptions) {
    lists = Dictionary(uniqueKeysWithValues: VariantAxis.all.map { ($0.key, [$0.single(options)]) })
  }

  /// The values of `axis`.
  subscript<Value>(axis: AxisField<Value>) -> [Value] {
    get { (lists[axis.key] ?? [Variant()]).map { $0[keyPath: axis.path] } }
    set { lists[axis.key] = newValue.map(Variant.blank(axis)) }
  }

  /// The values of `axis`, each in a variant that is blank but for it.
  func values(of axis: VariantAxis) -> [Variant] { lists[axis.key] ?? [Variant()] }

  /// Sets the values of `axis`, read by ``VariantAxis/read`` or made by
  /// ``VariantAxis/declaredValues``: only its field of each counts.
  mutating func set(_ axis: VariantAxis, _ values: [Variant]) {
    lists[axis.key] = values.map { value in
      var blank = Variant()
      axis.copy(value, &blank)
      return blank
    }
  }

  /// The number of combinations (`Int.max` when that overflows), counted without making them.
  var count: Int { VariantAxis.all.map { values(of: $0).count }.reduce(1, saturatingProduct) }

  /// Combination `index` of ``variants``, made on demand: the last axis of
  /// ``VariantAxis/all`` varies fastest, the first slowest.
  func variant(at index: Int) -> Variant {
    var rest = index
    var picked = Variant()
    for axis in VariantAxis.all.reversed() {
      let values = values(of: axis)
      axis.copy(values[rest % values.count], &picked)
      rest /= values.count
    }
    return picked
  }

  /// Every combination in a fixed order: by the axes in ``VariantAxis/all``'s order, each
  /// axis's values in the order the manifest lists them.
  var variants: [Variant] { (0..<count).map(variant(at:)) }
}

extension VariantAxis {
  /// Whether file names carry this axis: it has more than one value.
  func isVaried(_ matrix: VariantMatrix) -> Bool { matrix.values(of: self).count > 1 }

  /// The part `variant`'s value of this axis writes (``part``).
  func part(of variant: Variant) -> String? { part(variant) }

  /// The setting's flag this axis's value is given with (`--dynamic-type`).
  var flag: Setting.Flag? {
    ComponentSettings.table.first { $0.key == key }?.flags.first { $0.path == key }
  }
}

/// `a × b`, or `Int.max` when it overflows: render counts only need to be compared with a limit.
func saturatingProduct(_ a: Int, _ b: Int) -> Int {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? Int.max : product
}

import ExpandablePreview

/// One combination of variant values: one value per axis of ``VariantAxis/all``.
///
/// Not the `RenderOptions` it renders with: the device is no render option, and a variant
/// must equal what its file name reads back (``FileNameParts``), which the item's other
/// options would not.
struct Variant: Sendable, Hashable, Encodable {
  /// Each axis's value, by its place in ``VariantAxis/all``: no field per axis, so an axis is
  /// added by its declaration alone.
  var values: [AxisValue]

  /// The value of `axis`.
  subscript<Value>(axis: VariantAxis.Slot<Value>) -> Value {
    get { values[axis.index].typed() }
    set { values[axis.index] = AxisValue(newValue) }
  }

  /// The library's defaults: what a file name that names no axis stands for.
  static let unnamed = VariantMatrix(over: RenderOptions()).variant(at: 0)

  /// The options `options` with each axis's option set to this variant's value, then adjusted
  /// (a device's width and margins; ``VariantAxis/adjust``) for `item`. When an adjustment
  /// changed options, the variant takes the values it renders with (a device's width).
  mutating func apply(to options: inout RenderOptions, for item: ManifestItem) {
    for axis in VariantAxis.all { axis.declared.setOption?(values[axis.index], &options) }
    var adjusted = false
    for axis in VariantAxis.all {
      if let adjust = axis.declared.adjust, adjust(values[axis.index], &options, item) {
        adjusted = true
      }
    }
    guard adjusted else { return }
    for axis in VariantAxis.all where axis.declared.setOption != nil {
      values[axis.index] = axis.declared.single(options)
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Each axis's record (``VariantAxis/record``): the accessibility settings and the device
  /// only when set, so a manifest without them writes the layout records it always wrote.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for axis in VariantAxis.all {
      if let value = axis.declared.record(values[axis.index]) {
        try container.encode(value, forKey: Key(stringValue: axis.key))
      }
    }
  }
}

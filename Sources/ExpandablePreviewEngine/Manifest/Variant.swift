import ExpandablePreview

/// One combination of variant values: one value per axis of ``VariantAxis/all``, each in a
/// field of its type (the axis's ``AxisField``), so the compiler checks every read and write.
///
/// Not the `RenderOptions` it renders with: the device is no render option, and a variant
/// must equal what its file name reads back (``FileNameParts``), which the item's other
/// options would not.
struct Variant: Sendable, Hashable, Encodable {
  var appearance = Self.library.appearance
  var dynamicType = Self.library.dynamicType
  var legibilityWeight = Self.library.legibilityWeight
  var colorSchemeContrast = Self.library.colorSchemeContrast
  var device: Device? = nil
  var width = Self.library.width
  var scale = Self.library.scale

  /// The library's options, whose values a blank variant holds.
  private static let library = RenderOptions()

  /// The value of `axis`.
  subscript<Value>(axis: AxisField<Value>) -> Value {
    get { self[keyPath: axis.path] }
    set { self[keyPath: axis.path] = newValue }
  }

  /// The library's defaults: what a file name that names no axis stands for.
  static let unnamed = VariantMatrix(over: RenderOptions()).variant(at: 0)

  /// The options `options` with each axis's option set to this variant's value, then adjusted
  /// (a device's width and margins; ``VariantAxis/adjust``) for `item`. When an adjustment
  /// changed options, the variant takes the values it renders with (a device's width).
  mutating func apply(to options: inout RenderOptions, for item: ManifestItem) {
    for axis in VariantAxis.all { axis.setOption(self, &options) }
    var adjusted = false
    for axis in VariantAxis.all where axis.adjust(self, &options, item) { adjusted = true }
    guard adjusted else { return }
    for axis in VariantAxis.all where axis.setsOption {
      axis.copy(axis.single(options), &self)
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
      if let value = axis.record(self) {
        try container.encode(value, forKey: Key(stringValue: axis.key))
      }
    }
  }
}

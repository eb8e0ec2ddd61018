import ExpandablePreview
import ExpandablePreviewGolden

/// The values of every variant axis (``VariantAxis/all``) for one item; the item renders each
/// combination. ``VariantAxes/matrix(over:)`` fills every axis.
struct VariantMatrix: Sendable, Hashable {
  var appearance: [Appearance] = []
  var dynamicType: [DynamicTypeSize] = []
  var legibilityWeight: [LegibilityWeight] = [.regular]
  var colorSchemeContrast: [ColorSchemeContrast] = [.standard]
  /// `nil` alone when the manifest has no device axis.
  var device: [Device?] = [nil]
  var width: [Double] = []
  var scale: [Int] = []

  /// The number of combinations (`Int.max` when that overflows), counted without making them.
  var count: Int { VariantAxis.all.map { $0.count(self) }.reduce(1, saturatingProduct) }

  /// Combination `index` of ``variants``, made on demand: the last axis of
  /// ``VariantAxis/all`` (scale) varies fastest, the first (appearance) slowest.
  func variant(at index: Int) -> Variant {
    var rest = index
    var variant = Variant.unnamed
    for axis in VariantAxis.all.reversed() {
      let count = axis.count(self)
      axis.pick(self, rest % count, &variant)
      rest /= count
    }
    return variant
  }

  /// Every combination in a fixed order: appearance, then dynamic type, legibility weight,
  /// contrast, device, width, scale, each in the order the manifest lists them.
  var variants: [Variant] { (0..<count).map(variant(at:)) }
}

/// One combination of variant values.
struct Variant: Sendable, Hashable, Encodable {
  var appearance: Appearance
  var dynamicType: DynamicTypeSize
  var legibilityWeight: LegibilityWeight = .regular
  var colorSchemeContrast: ColorSchemeContrast = .standard
  var device: Device? = nil
  var width: Double
  var scale: Int

  /// The library's defaults: what a file name that names no axis stands for.
  static let unnamed: Variant = {
    let options = RenderOptions()
    return Variant(
      appearance: options.appearance, dynamicType: options.dynamicType,
      legibilityWeight: options.legibilityWeight,
      colorSchemeContrast: options.colorSchemeContrast, width: options.width,
      scale: options.scale)
  }()

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

/// `a × b`, or `Int.max` when it overflows: render counts only need to be compared with a limit.
func saturatingProduct(_ a: Int, _ b: Int) -> Int {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? Int.max : product
}

import ExpandablePreview
import ExpandablePreviewGolden

/// The values of every variant axis for one item; the item renders each combination.
struct VariantMatrix: Sendable, Hashable {
  var appearance: [Appearance]
  var dynamicType: [DynamicTypeSize]
  var legibilityWeight: [LegibilityWeight] = [.regular]
  var colorSchemeContrast: [ColorSchemeContrast] = [.standard]
  /// `nil` alone when the manifest has no device axis.
  var device: [Device?] = [nil]
  var width: [Double]
  var scale: [Int]

  /// The number of combinations (`Int.max` when that overflows), counted without making them.
  var count: Int {
    [
      appearance.count, dynamicType.count, legibilityWeight.count, colorSchemeContrast.count,
      device.count, width.count, scale.count,
    ].reduce(1, saturatingProduct)
  }

  /// Combination `index` of ``variants``, made on demand: scale varies fastest, then width,
  /// contrast, legibility weight, dynamic type and appearance.
  func variant(at index: Int) -> Variant {
    var rest = index
    let scale = self.scale[rest % self.scale.count]
    rest /= self.scale.count
    let width = self.width[rest % self.width.count]
    rest /= self.width.count
    let device = self.device[rest % self.device.count]
    rest /= self.device.count
    let contrast = colorSchemeContrast[rest % colorSchemeContrast.count]
    rest /= colorSchemeContrast.count
    let weight = legibilityWeight[rest % legibilityWeight.count]
    rest /= legibilityWeight.count
    let dynamicType = self.dynamicType[rest % self.dynamicType.count]
    rest /= self.dynamicType.count
    return Variant(
      appearance: appearance[rest], dynamicType: dynamicType, legibilityWeight: weight,
      colorSchemeContrast: contrast, device: device, width: width, scale: scale)
  }

  /// Every combination in a fixed order: appearance, then dynamic type, legibility weight,
  /// contrast, width, scale, each in the order the manifest lists them.
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

  private enum CodingKeys: String, CodingKey {
    case appearance, dynamicType, legibilityWeight, colorSchemeContrast, device, width, scale
  }

  /// The accessibility settings only when they are not the defaults, so a manifest without
  /// them writes the layout records it always wrote.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(appearance, forKey: .appearance)
    try container.encode(dynamicType, forKey: .dynamicType)
    if legibilityWeight != .regular {
      try container.encode(legibilityWeight, forKey: .legibilityWeight)
    }
    if colorSchemeContrast != .standard {
      try container.encode(colorSchemeContrast, forKey: .colorSchemeContrast)
    }
    if let device { try container.encode(device.name, forKey: .device) }
    try container.encode(width, forKey: .width)
    try container.encode(scale, forKey: .scale)
  }
}

/// `a × b`, or `Int.max` when it overflows: render counts only need to be compared with a limit.
func saturatingProduct(_ a: Int, _ b: Int) -> Int {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? Int.max : product
}

import ExpandablePreview
import ExpandablePreviewGolden

/// The `variants` object: values to multiply every item by, per axis. An item's own `variants`
/// replace the manifest's values axis by axis.
struct VariantAxes: Sendable {
  var appearance: [Appearance]?
  var dynamicType: [DynamicTypeSize]?
  var legibilityWeight: [LegibilityWeight]?
  var colorSchemeContrast: [ColorSchemeContrast]?
  var device: [Device]?
  var width: [Double]?
  var scale: [Int]?

  /// The axes in file-name order (scale is named by the `@Nx` suffix instead).
  static let keys = [
    "appearance", "dynamicType", "legibilityWeight", "colorSchemeContrast", "device", "width",
    "scale",
  ]

  func overridden(by other: VariantAxes) -> VariantAxes {
    VariantAxes(
      appearance: other.appearance ?? appearance, dynamicType: other.dynamicType ?? dynamicType,
      legibilityWeight: other.legibilityWeight ?? legibilityWeight,
      colorSchemeContrast: other.colorSchemeContrast ?? colorSchemeContrast,
      device: other.device ?? device,
      width: other.width ?? width, scale: other.scale ?? scale)
  }

  /// Every axis filled: the listed values, or the single value of `options`.
  func matrix(over options: RenderOptions) -> VariantMatrix {
    VariantMatrix(
      appearance: appearance ?? [options.appearance],
      dynamicType: dynamicType ?? [options.dynamicType],
      legibilityWeight: legibilityWeight ?? [options.legibilityWeight],
      colorSchemeContrast: colorSchemeContrast ?? [options.colorSchemeContrast],
      device: device ?? [nil],
      width: width ?? [options.width], scale: scale ?? [options.scale])
  }
}

extension VariantAxes {
  /// Reads a `variants` object: each key an axis, each value a non-empty array without repeats.
  init(reading node: JSONNode, scope: String, source: ManifestSource) throws(ManifestError) {
    let object = try ObjectReader(
      node, scope: scope, keyPrefix: "variants.", knownKeys: Self.keys, source: source)
    appearance = try object.axis("appearance", ValueReader.choice)
    dynamicType = try object.axis("dynamicType", ValueReader.choice)
    legibilityWeight = try object.axis("legibilityWeight", ValueReader.choice)
    colorSchemeContrast = try object.axis("colorSchemeContrast", ValueReader.choice)
    device = try object.axis("device", ValueReader.device)
    width = try object.axis("width", ValueReader.width)
    scale = try object.axis("scale", ValueReader.scale)
  }
}

extension ObjectReader {
  /// The axis under `key` when present, each value checked by `check` (`ValueReader.width`).
  fileprivate func axis<T: Hashable>(
    _ key: String, _ check: (ValueReader) -> (JSONNode) throws(ManifestError) -> T
  ) throws(ManifestError) -> [T]? {
    try read(key) { reader, node throws(ManifestError) in try reader.axis(node, check(reader)) }
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

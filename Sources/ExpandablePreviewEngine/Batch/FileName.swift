import ExpandablePreview
import ExpandablePreviewGolden

/// Names an output file: `<state>[-<value>…]@<scale>x.png`, with a value for each variant axis
/// that has more than one value, in the order appearance, dynamicType, legibilityWeight
/// (`regular`, `bold`), colorSchemeContrast (`standard`, `increased`), device
/// (`iPhone-16-Pro-Max`), width (`w375`).
package enum FileName {
  static func png(state: OutputState, variant: Variant, matrix: VariantMatrix) -> String {
    stem(state: state, variant: variant, matrix: matrix) + "@\(variant.scale)x.png"
  }

  /// `<state>[-<value>…]-accessibility@<scale>x.png`: the still's accessibility overlay.
  static func accessibilityOverlay(state: OutputState, variant: Variant, matrix: VariantMatrix)
    -> String
  {
    stem(state: state, variant: variant, matrix: matrix) + "-accessibility@\(variant.scale)x.png"
  }

  /// `<state>[-<value>…].svg` or `.pdf`: no scale, as vectors have none.
  static func vector(
    _ format: OutputFormat, state: OutputState, variant: Variant, matrix: VariantMatrix
  ) -> String {
    stem(state: state, variant: variant, matrix: matrix) + "." + format.rawValue
  }

  private static func stem(state: OutputState, variant: Variant, matrix: VariantMatrix)
    -> String
  {
    var parts = [state.rawValue]
    if matrix.appearance.count > 1 { parts.append(variant.appearance.rawValue) }
    if matrix.dynamicType.count > 1 { parts.append(variant.dynamicType.rawValue) }
    if matrix.legibilityWeight.count > 1 { parts.append(variant.legibilityWeight.rawValue) }
    if matrix.colorSchemeContrast.count > 1 { parts.append(variant.colorSchemeContrast.rawValue) }
    if matrix.device.count > 1, let device = variant.device { parts.append(device.fileNamePart) }
    if matrix.width.count > 1 { parts.append("w" + number(variant.width)) }
    return parts.joined(separator: "-")
  }

  /// `375` for whole numbers, `327.5` otherwise.
  package static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

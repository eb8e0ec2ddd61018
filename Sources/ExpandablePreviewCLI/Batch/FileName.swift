import ExpandablePreview
import ExpandablePreviewGolden

/// Names an output file: `<state>[-<value>…]@<scale>x.png`, with a value for each variant axis
/// that has more than one value, in the order appearance, dynamicType, width (`w375`).
enum FileName {
  static func png(state: OutputState, variant: Variant, matrix: VariantMatrix) -> String {
    var parts = [state.rawValue]
    if matrix.appearance.count > 1 { parts.append(variant.appearance.rawValue) }
    if matrix.dynamicType.count > 1 { parts.append(variant.dynamicType.rawValue) }
    if matrix.width.count > 1 { parts.append("w" + number(variant.width)) }
    return parts.joined(separator: "-") + "@\(variant.scale)x.png"
  }

  /// `375` for whole numbers, `327.5` otherwise.
  static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

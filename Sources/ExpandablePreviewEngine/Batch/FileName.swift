import ExpandablePreview
import ExpandablePreviewGolden

/// Names an output file: `<state>[-<value>…]@<scale>x.png`, with a part for each variant axis
/// that has more than one value, in ``VariantAxis/all``'s order
/// (`collapsed-dark-bold-iPhone-16-Pro-Max-w375@2x.png`).
package enum FileName {
  static func png(state: OutputState, variant: Variant, matrix: VariantMatrix) -> String {
    stem(state: state, variant: variant, matrix: matrix) + "@\(variant[VariantAxis.scale])x.png"
  }

  /// `<state>[-<value>…]-accessibility@<scale>x.png`: the still's accessibility overlay.
  static func accessibilityOverlay(state: OutputState, variant: Variant, matrix: VariantMatrix)
    -> String
  {
    stem(state: state, variant: variant, matrix: matrix)
      + "-accessibility@\(variant[VariantAxis.scale])x.png"
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
    // One list of parts (``VariantAxis/all``), which ``FileNameParts`` reads back.
    let parts = VariantAxis.all.filter { $0.isVaried(matrix) }.compactMap { $0.part(of: variant) }
    return ([state.rawValue] + parts).joined(separator: "-")
  }

  /// `375` for whole numbers, `327.5` otherwise.
  package static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

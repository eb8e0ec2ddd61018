import ExpandablePreview
import Testing

@testable import ExpandablePreviewEngine

/// A ``Variant`` keeps each axis's value in a field of the axis's type, so the compiler checks
/// every read; ``VariantMatrix`` and ``VariantAxes`` keep the values by the axis's key, each in
/// a variant, without a field per axis: an axis is added by its declaration and its field.
@Suite struct VariantStorageTests {
  @Test func aVariantHasOneFieldPerAxisAndTheListsNone() {
    let axes = VariantAxes()
    let matrix = axes.matrix(over: RenderOptions())
    let variantFields = Mirror(reflecting: matrix.variant(at: 0)).children.compactMap(\.label)
    #expect(variantFields == VariantAxis.keys)
    let stored: [(String, Any)] = [("VariantMatrix", matrix), ("VariantAxes", axes)]
    for (type, value) in stored {
      let labels = Mirror(reflecting: value).children.compactMap(\.label)
      #expect(!labels.isEmpty, "\(type)")
      #expect(Set(labels).isDisjoint(with: VariantAxis.keys), "\(type): \(labels)")
    }
  }

  /// What the fields held is still there, axis by axis: the typed slots read the listed
  /// values back, and a variant its combination's.
  @Test func eachAxisKeepsItsValuesAtItsPlace() {
    var axes = VariantAxes()
    axes[VariantAxis.width] = [320, 400]
    axes[VariantAxis.appearance] = [.dark]
    let matrix = axes.matrix(over: RenderOptions(scale: 3))
    #expect(axes[VariantAxis.scale] == nil)
    #expect(matrix[VariantAxis.width] == [320, 400] && matrix[VariantAxis.scale] == [3])
    #expect(matrix[VariantAxis.device] == [nil] && matrix.count == 2)
    let variant = matrix.variant(at: 1)
    #expect(variant[VariantAxis.width] == 400 && variant[VariantAxis.appearance] == .dark)
    #expect(variant[VariantAxis.dynamicType] == .large && variant[VariantAxis.scale] == 3)
  }
}

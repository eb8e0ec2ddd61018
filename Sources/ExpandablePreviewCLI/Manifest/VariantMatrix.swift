import ExpandablePreview
import ExpandablePreviewGolden

/// The values of every variant axis for one item; the item renders each combination.
struct VariantMatrix: Sendable, Hashable {
  var appearance: [Appearance]
  var dynamicType: [DynamicTypeSize]
  var width: [Double]
  var scale: [Int]

  /// Every combination in a fixed order: appearance, then dynamic type, width, scale, each in the
  /// order the manifest lists them.
  var variants: [Variant] {
    appearance.flatMap { appearance in
      dynamicType.flatMap { dynamicType in
        width.flatMap { width in
          scale.map { scale in
            Variant(appearance: appearance, dynamicType: dynamicType, width: width, scale: scale)
          }
        }
      }
    }
  }
}

/// One combination of variant values.
struct Variant: Sendable, Hashable, Encodable {
  var appearance: Appearance
  var dynamicType: DynamicTypeSize
  var width: Double
  var scale: Int
}

import ExpandablePreview
import ExpandablePreviewGolden

/// The values of every variant axis for one item; the item renders each combination.
struct VariantMatrix: Sendable, Hashable {
  var appearance: [Appearance]
  var dynamicType: [DynamicTypeSize]
  var width: [Double]
  var scale: [Int]

  /// The number of combinations (`Int.max` when that overflows), counted without making them.
  var count: Int {
    [appearance.count, dynamicType.count, width.count, scale.count].reduce(1, saturatingProduct)
  }

  /// Combination `index` of ``variants``, made on demand: scale varies fastest, then width,
  /// dynamic type and appearance.
  func variant(at index: Int) -> Variant {
    var rest = index
    let scale = self.scale[rest % self.scale.count]
    rest /= self.scale.count
    let width = self.width[rest % self.width.count]
    rest /= self.width.count
    let dynamicType = self.dynamicType[rest % self.dynamicType.count]
    rest /= self.dynamicType.count
    return Variant(
      appearance: appearance[rest], dynamicType: dynamicType, width: width, scale: scale)
  }

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

/// `a × b`, or `Int.max` when it overflows: render counts only need to be compared with a limit.
func saturatingProduct(_ a: Int, _ b: Int) -> Int {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? Int.max : product
}

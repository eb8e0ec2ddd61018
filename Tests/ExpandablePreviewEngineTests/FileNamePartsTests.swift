import ExpandablePreview
import Testing

@testable import ExpandablePreviewEngine

/// Every name ``FileName`` writes is read back by ``ToolGoldenPath`` into the variant it names:
/// the two share one list of parts, so `verify --prune` sees every golden of the tool's own.
@Suite struct FileNamePartsTests {
  /// Every axis with several values, all devices and none among them.
  static let wholeSpace = VariantMatrix(
    appearance: Appearance.allCases, dynamicType: DynamicTypeSize.allCases,
    legibilityWeight: LegibilityWeight.allCases, colorSchemeContrast: ColorSchemeContrast.allCases,
    device: [nil] + Device.all, width: [327.5, 1e20], scale: [1, 12])

  static func expected(_ variant: Variant, state: OutputState, in matrix: VariantMatrix)
    -> FileNameParts
  {
    FileNameParts(
      state: state, appearance: matrix.appearance.count > 1 ? variant.appearance : nil,
      dynamicType: matrix.dynamicType.count > 1 ? variant.dynamicType : nil,
      legibilityWeight: matrix.legibilityWeight.count > 1 ? variant.legibilityWeight : nil,
      colorSchemeContrast: matrix.colorSchemeContrast.count > 1
        ? variant.colorSchemeContrast : nil,
      device: matrix.device.count > 1 ? variant.device : nil,
      width: matrix.width.count > 1 ? variant.width : nil, scale: variant.scale)
  }

  @Test func everyNameOfTheWholeVariantSpaceReadsBackToItsVariant() {
    let matrix = Self.wholeSpace
    var names = Set<String>()
    for variant in matrix.variants {
      for state in OutputState.allCases {
        let name = FileName.png(state: state, variant: variant, matrix: matrix)
        names.insert(name)
        let parts = ToolGoldenPath.parts(ofPNGName: name)
        #expect(parts == Self.expected(variant, state: state, in: matrix), "\(name)")
        #expect(ToolGoldenPath.isToolsOwn("item/" + name), "\(name)")
      }
    }
    #expect(names.count == matrix.count * OutputState.allCases.count)
  }

  /// With one axis varied at a time, each part alone reads back too.
  @Test func eachAxisAloneReadsBack() {
    let one = VariantMatrix(appearance: [.light], dynamicType: [.large], width: [375], scale: [2])
    var matrices: [VariantMatrix] = []
    for axis in 0..<6 {
      var matrix = one
      switch axis {
      case 0: matrix.appearance = Appearance.allCases
      case 1: matrix.dynamicType = DynamicTypeSize.allCases
      case 2: matrix.legibilityWeight = LegibilityWeight.allCases
      case 3: matrix.colorSchemeContrast = ColorSchemeContrast.allCases
      case 4: matrix.device = Device.all
      default: matrix.width = [320, 320.25]
      }
      matrices.append(matrix)
    }
    for matrix in matrices {
      for variant in matrix.variants {
        let name = FileName.png(state: .collapsed, variant: variant, matrix: matrix)
        #expect(
          ToolGoldenPath.parts(ofPNGName: name)
            == Self.expected(variant, state: .collapsed, in: matrix), "\(name)")
      }
    }
  }

  @Test func namesNoAxisWritesAreNotTheTools() {
    for name in [
      "collapsed-bold-regular@2x.png", "collapsed-iPhone-17@2x.png",
      "collapsed-increased-dark@2x.png",
      "collapsed-accessibility@2x.png", "collapsed-iPhone-16-@2x.png", "collapsed--bold@2x.png",
    ] {
      #expect(ToolGoldenPath.parts(ofPNGName: name) == nil, "\(name)")
    }
  }
}

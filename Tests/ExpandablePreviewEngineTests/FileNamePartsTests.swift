import ExpandablePreview
import Testing

@testable import ExpandablePreviewEngine

/// Every name ``FileName`` writes is read back by ``ToolGoldenPath`` into the variant it names:
/// both come from the axes' one declaration (``VariantAxis/all``), so `verify --prune` sees
/// every golden of the tool's own.
@Suite struct FileNamePartsTests {
  /// One value on every axis: the library's.
  static let one = VariantAxes().matrix(over: RenderOptions())

  /// Every axis with all its declared values (every value of a closed set, every device and
  /// none), combined.
  static let wholeSpace: VariantMatrix = {
    var matrix = one
    for axis in VariantAxis.all { matrix.set(axis, axis.declaredValues(Variant())) }
    return matrix
  }()

  @Test func everyNameOfTheWholeVariantSpaceReadsBackToItsVariant() {
    let matrix = Self.wholeSpace
    // Each axis takes part: more than one value, or the space would not be whole.
    for axis in VariantAxis.all { #expect(axis.isVaried(matrix), "\(axis.key)") }
    var names = Set<String>()
    // Mismatches collected, one expectation at the end: 79,872 names, checked in seconds.
    var wrong: [String] = []
    for variant in matrix.variants {
      for state in OutputState.allCases {
        let name = FileName.png(state: state, variant: variant, matrix: matrix)
        names.insert(name)
        let parts = ToolGoldenPath.parts(ofPNGName: name)
        if parts != FileNameParts(state: state, variant: variant, matrix: matrix)
          || !ToolGoldenPath.isToolsOwn("item/" + name)
        {
          wrong.append("\(name) → \(parts.map { "\($0.variant), \($0.named)" } ?? "nil")")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) names: \(wrong.prefix(5))")
    #expect(names.count == matrix.count * OutputState.allCases.count)
  }

  /// The parts read back are the variant's own values, not only equal to what was written.
  @Test func aNameReadsBackToTheValuesOfItsVariant() throws {
    let matrix = Self.wholeSpace
    let variant = try #require(
      matrix.variants.first {
        $0[VariantAxis.appearance] == .dark && $0[VariantAxis.device] != nil
          && $0[VariantAxis.width] == 327.5 && $0[VariantAxis.scale] == 3
          && $0.legibilityWeight == .bold
      })
    let name = FileName.png(state: .expanded, variant: variant, matrix: matrix)
    let parts = try #require(ToolGoldenPath.parts(ofPNGName: name))
    #expect(parts.state == .expanded)
    #expect(parts.variant == variant)
    #expect(parts.named == VariantAxis.all.map(\.key).filter { $0 != "scale" })
  }

  /// With one axis varied at a time, each part alone reads back too.
  @Test func eachAxisAloneReadsBack() {
    for axis in VariantAxis.all {
      var matrix = Self.one
      matrix.set(axis, axis.declaredValues(Variant()))
      for variant in matrix.variants {
        let name = FileName.png(state: .collapsed, variant: variant, matrix: matrix)
        #expect(
          ToolGoldenPath.parts(ofPNGName: name)
            == FileNameParts(state: .collapsed, variant: variant, matrix: matrix), "\(name)")
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

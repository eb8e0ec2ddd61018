import Foundation
import Testing

/// `verify --prune` sees the orphans of every variant axis: a golden whose name carries a
/// legibility weight, a contrast or a device is the tool's own like any other.
@Suite struct PruneVariantPartsTests {
  /// An axis the golden names carried a part for, the values first listed, and the parts of
  /// the two old names.
  struct Case: Sendable, CustomTestStringConvertible {
    let axis: String
    let values: [String]
    let parts: [String]
    var testDescription: String { axis }
  }

  static let cases = [
    Case(axis: "legibilityWeight", values: ["regular", "bold"], parts: ["regular", "bold"]),
    Case(
      axis: "colorSchemeContrast", values: ["standard", "increased"],
      parts: ["standard", "increased"]),
    Case(
      axis: "device", values: ["iPhone SE", "iPhone 16 Pro"],
      parts: ["iPhone-SE", "iPhone-16-Pro"]),
  ]

  static func manifest(_ axis: String, _ values: [String]) -> String {
    let list = values.map { "\"\($0)\"" }.joined(separator: ",")
    return
      #"{"defaults":{"width":200,"scale":2,"lineLimit":2},"items":[{"name":"a","text":"Hello world, this is a test of the expandable text component that should truncate.","states":["collapsed"],"variants":{""#
      + axis + #"":["# + list + "]}}]}"
  }

  @Test(arguments: cases)
  func orphansNamedWithAnAxisPartAreListedAndPruned(_ axisCase: Case) throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(axisCase.axis, axisCase.values))
    let record = try scratch.run(
      "verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--record", "missing")
    try #require(record.status == 1, "\(record.stderr)")
    let old = axisCase.parts.map { "a/collapsed-\($0)@2x" }
    let goldens = try scratch.files(in: "snap").keys
    for name in old {
      try #require(goldens.contains(name + ".png"), "\(goldens.sorted())")
    }
    // With one value the item's one variant has no part: both old names are orphans.
    try scratch.write("m.json", Self.manifest(axisCase.axis, [axisCase.values[0]]))
    let prune = try scratch.run(
      "verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--record", "missing",
      "--prune")
    #expect(prune.status == 1, "\(prune.stderr)")
    let left = Set(try scratch.files(in: "snap").keys)
    for name in old {
      #expect(prune.stdout.contains(name + ".png"), "\(prune.stdout)")
      for gone in [name + ".png", name + ".layout.json"] {
        #expect(!left.contains(gone), "\(gone) is still there: \(left.sorted())")
      }
    }
    #expect(left.contains("a/collapsed@2x.png"))
  }
}

import Foundation
import Testing

/// `verify --prune` sees the orphans of every variant axis: a golden whose name carries a
/// legibility weight, a contrast or a device is the tool's own like any other.
@Suite struct PruneVariantPartsTests {
  static func manifest(weights: [String]) -> String {
    let values = weights.map { "\"\($0)\"" }.joined(separator: ",")
    return
      #"{"defaults":{"width":200,"scale":2,"lineLimit":2},"items":[{"name":"a","text":"Hello world, this is a test of the expandable text component that should truncate.","states":["collapsed"],"variants":{"legibilityWeight":["#
      + values + "]}}]}"
  }

  @Test func orphansNamedWithALegibilityWeightAreListedAndPruned() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(weights: ["regular", "bold"]))
    let record = try scratch.run(
      "verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--record", "missing")
    try #require(record.status == 1, "\(record.stderr)")
    let goldens = try scratch.files(in: "snap").keys
    #expect(goldens.contains("a/collapsed-bold@2x.png"), "\(goldens.sorted())")
    // Without "bold" the item's one variant has no part: both old names are orphans.
    try scratch.write("m.json", Self.manifest(weights: ["regular"]))
    let prune = try scratch.run(
      "verify", "m.json", "--snapshots", "snap", "--artifacts", "art", "--record", "missing",
      "--prune")
    #expect(prune.status == 1, "\(prune.stderr)")
    #expect(prune.stdout.contains("a/collapsed-bold@2x.png"), "\(prune.stdout)")
    #expect(prune.stdout.contains("a/collapsed-regular@2x.png"), "\(prune.stdout)")
    let left = Set(try scratch.files(in: "snap").keys)
    for gone in [
      "a/collapsed-bold@2x.png", "a/collapsed-regular@2x.png", "a/collapsed-bold@2x.layout.json",
      "a/collapsed-regular@2x.layout.json",
    ] {
      #expect(!left.contains(gone), "\(gone) is still there: \(left.sorted())")
    }
    #expect(left.contains("a/collapsed@2x.png"))
  }
}

import Foundation
import Testing

/// A variant axis lists each value once: a repeated value is refused, naming where it
/// repeats, however long the axis.
@Suite struct VariantAxisTests {
  static func manifest(widths: [Int]) -> String {
    let list = widths.map(String.init).joined(separator: ",")
    return #"{"defaults":{"scale":1},"items":[{"name":"a","text":"Hi","variants":{"width":["#
      + list + "]}}]}"
  }

  @Test func aValueRepeatedAtTheEndOfALongAxisIsRefusedWhereItRepeats() throws {
    let scratch = try Scratch()
    let widths = Array(1...9_000) + [7]
    try scratch.write("m.json", Self.manifest(widths: widths))
    let run = try scratch.run("render", "m.json", "--out", "out")
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("lists 7 twice"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
  }

  @Test func distinctValuesAreAllKeptInOrder() throws {
    let scratch = try Scratch()
    try scratch.write("m.json", Self.manifest(widths: [220, 200, 210]))
    let run = try scratch.run("render", "m.json", "--out", "out", "--quiet")
    #expect(run.status == 0, "\(run.stderr)")
    let names = try scratch.files(in: "out").keys.filter { $0.hasSuffix(".png") }.sorted()
    #expect(
      names.contains("a/collapsed-w200@1x.png") && names.contains("a/expanded-w220@1x.png"),
      "\(names)")
  }
}

import ExpandablePreview
import ExpandablePreviewFuzzing
import Foundation
import Testing

/// Replays the layout inputs the fuzzer found (Tests/Fuzz/layout-corpus), including the ones that
/// once broke an invariant (`regression-*`), through the same checks the fuzzer makes.
@Suite struct FuzzCorpusTests {
  static let corpus: [URL] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/layout-corpus")
    guard
      let files = try? FileManager.default.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: nil)
    else { return [] }
    return files.sorted { $0.lastPathComponent < $1.lastPathComponent }
  }()

  @Test func corpusIsPresent() {
    #expect(Self.corpus.count >= 20)
    #expect(Self.corpus.contains { $0.lastPathComponent.contains("regression") })
  }

  @Test func layoutInputsKeepEveryInvariant() throws {
    let renderer = try Renderer()
    for file in Self.corpus {
      let input = LayoutFuzzInput([UInt8](try Data(contentsOf: file)))
      let problems = LayoutInvariants.violations(of: input, renderer: renderer)
      #expect(problems.isEmpty, "\(file.lastPathComponent): \(problems)")
    }
  }
}

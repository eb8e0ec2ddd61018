import ExpandablePreview
import Foundation
import Testing

/// The two reference designs, collapsed and expanded, light and dark, against the goldens in
/// the top-level Snapshots/ folder. Record missing goldens with EXPANDABLE_PREVIEW_RECORD=missing.
@Suite struct ReferenceGoldenTests {
  static let japanese = ExpandableText(text: TestTexts.japanese)
    .lineLimit(3)
    .truncationStyle(.ellipsis)
    .expandButton(TextSet(text: "More", color: .blue))

  static let developer = ExpandableText(text: TestTexts.developer)
    .lineLimit(3)
    .expandButton(TextSet(text: "more"))
    .collapseButton(TextSet(text: "collapse"))

  static let cases: [(name: String, component: ExpandableText, padding: EdgeInsets)] = [
    ("reference-japanese-ellipsis", japanese, EdgeInsets(horizontal: 16)),
    ("reference-developer-fade", developer, EdgeInsets(horizontal: 24)),
  ]

  @Test(arguments: 0..<2, Appearance.allCases)
  func referenceDesign(index: Int, appearance: Appearance) throws {
    let (name, component, padding) = Self.cases[index]
    for state in ExpansionState.allCases {
      let options = RenderOptions(
        width: 375, scale: 2, appearance: appearance, padding: padding, state: state)
      let image = try Renderer().render(component, options: options).image
      try GoldenFile(path: "\(name)/\(state.rawValue)-\(appearance.rawValue)@2x.png").check(image)
    }
  }
}

/// A golden PNG under the repository's Snapshots/ folder, compared pixel for pixel.
struct GoldenFile {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let path: String

  func check(_ image: Image, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = Self.folder.appendingPathComponent(path)
    let environment = ProcessInfo.processInfo.environment
    let recordsMissing =
      environment["CI"] == nil && environment["EXPANDABLE_PREVIEW_RECORD"] == "missing"
    guard FileManager.default.fileExists(atPath: url.path) else {
      if recordsMissing {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try image.write(to: url)
        Issue.record(
          "recorded missing golden \(path); look at it, then run again",
          sourceLocation: sourceLocation)
      } else {
        Issue.record("missing golden \(path)", sourceLocation: sourceLocation)
      }
      return
    }
    let golden = try Image(contentsOf: url)
    #expect(golden == image, "\(path) differs from its golden", sourceLocation: sourceLocation)
  }
}

import Foundation
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewDevTools

/// Documentation/CommandLine.md's command list and option tables are the registry's, as
/// ``CommandReference`` writes them. `EXPANDABLE_PREVIEW_WRITE_OPTION_TABLES=1` rewrites them.
@Suite(.serialized) struct CommandLinePageTests {
  private static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Documentation/CommandLine.md")

  @Test(arguments: [
    ("command list", CommandReference.commandList(.standard)),
    ("option tables", CommandReference.optionTables(.standard)),
    ("developer command list", CommandReference.commandList(.developer)),
    ("developer option tables", CommandReference.optionTables(.developer)),
  ])
  func thePageShowsWhatTheRegistryDeclares(block: String, generated: String) throws {
    let text = try String(contentsOf: Self.page, encoding: .utf8)
    let begin = "<!-- \(block): begin -->\n"
    let end = "<!-- \(block): end -->"
    let start = try #require(text.range(of: begin), "CommandLine.md lacks \(begin)")
    let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
    let documented = String(text[start.upperBound..<stop.lowerBound])
    if ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_WRITE_OPTION_TABLES"] == "1",
      documented != generated
    {
      let rewritten = text.replacingCharacters(
        in: start.upperBound..<stop.lowerBound, with: generated)
      try rewritten.write(to: Self.page, atomically: true, encoding: .utf8)
      Issue.record("Documentation/CommandLine.md's \(block) was rewritten; run again")
      return
    }
    #expect(
      documented == generated,
      "Documentation/CommandLine.md's \(block) differs from the code; put this between the markers:\n\(generated)"
    )
  }
}

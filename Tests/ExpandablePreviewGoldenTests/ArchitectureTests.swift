import Foundation
import Testing

/// The targets' arrows, checked on the sources: the renderer imports nothing of golden testing,
/// the testing helpers or the CLI, and golden testing imports nothing of the CLI.
@Suite struct ArchitectureTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The modules imported by the Swift files under `Sources/<target>`.
  static func imports(of target: String) throws -> Set<String> {
    let folder = sources.appendingPathComponent(target)
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
    var modules: Set<String> = []
    while let path = files.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        if let index = words.firstIndex(of: "import"), index + 1 < words.count {
          modules.insert(String(words[index + 1]))
        }
      }
    }
    return modules
  }

  @Test func theRendererImportsNoGoldenTestingOrCLI() throws {
    let imports = try Self.imports(of: "ExpandablePreview")
    #expect(!imports.isEmpty)
    #expect(
      imports.isDisjoint(with: [
        "ExpandablePreviewGolden", "ExpandablePreviewTesting",
        "ExpandablePreviewCLI", "ExpandablePreviewFuzzing",
      ]))
  }

  @Test func goldenTestingImportsNoCLIOrTestingHelpers() throws {
    let imports = try Self.imports(of: "ExpandablePreviewGolden")
    #expect(imports.contains("ExpandablePreview"))
    #expect(
      imports.isDisjoint(with: [
        "ExpandablePreviewTesting", "ExpandablePreviewCLI", "XCTest", "Testing",
      ]))
  }

  /// The workbench builds on the CLI (its settings table and job renderer), never the other
  /// way, and only it speaks to libsoup.
  @Test func theWorkbenchSitsAboveTheCLIAndAloneUsesLibsoup() throws {
    let workbench = try Self.imports(of: "ExpandablePreviewWorkbench")
    #expect(workbench.contains("ExpandablePreviewCLI"))
    #expect(workbench.contains("CSoup"))
    for target in ["ExpandablePreview", "ExpandablePreviewGolden", "ExpandablePreviewCLI"] {
      let imports = try Self.imports(of: target)
      #expect(!imports.contains("ExpandablePreviewWorkbench"), "\(target)")
      #expect(!imports.contains("CSoup"), "\(target)")
    }
  }

  /// The Swift text of every file under `Sources/<target>`, by path.
  static func sourceTexts(of target: String) throws -> [String: String] {
    let folder = sources.appendingPathComponent(target)
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
    var texts: [String: String] = [:]
    while let path = files.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      texts[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }
    return texts
  }

  /// `assertSnapshot` and `verify` run the one golden check and only format its outcome: neither
  /// compares, explains by fonts or writes artifacts itself.
  @Test func frontEndsLeaveTheStepsToTheGoldenCheck() throws {
    let steps = ["GoldenFontCheck", "store.check(", "explained(byFonts", "artifacts.write("]
    for target in ["ExpandablePreviewTesting", "ExpandablePreviewCLI"] {
      let texts = try Self.sourceTexts(of: target)
      #expect(texts.values.contains { $0.contains("GoldenCheck(") }, "\(target)")
      for (path, text) in texts {
        for step in steps where text.contains(step) {
          Issue.record("\(target)/\(path) runs the golden check's step \(step) itself")
        }
      }
    }
  }

  /// Jobs of a manifest (`render`, `verify`, the workbench) are rendered in one place, the CLI's
  /// `JobRenderer`: no other file of the CLI calls the renderer's render functions, except the
  /// benchmarks (which time them) and `render --text` (one component, not a job).
  @Test func onlyTheJobRendererRendersJobs() throws {
    let calls = [
      "renderPNG(", "renderSVG(", "renderPDF(", "renderAnimation(", "renderStill(",
      "renderer.render(",
    ]
    let texts = try Self.sourceTexts(of: "ExpandablePreviewCLI")
    let jobRenderer = try #require(texts["Batch/JobRenderer.swift"])
    #expect(jobRenderer.contains("renderStill(") && jobRenderer.contains("renderAnimation("))
    for (path, text) in texts
    where path != "Batch/JobRenderer.swift" && !path.hasPrefix("Bench/")
      && path != "Commands/RenderTextCommand.swift"
    {
      for call in calls where text.contains(call) {
        Issue.record("ExpandablePreviewCLI/\(path) renders with \(call) outside the job renderer")
      }
    }
  }

  @Test func theExecutableIsOnlyItsMainFile() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Self.sources.appendingPathComponent("expandable-preview").path)
    #expect(files == ["main.swift"])
  }

  /// C objects' owners keep their pointer private and lend it inside `withUnsafePointer`
  /// closures, so no pointer outlives its owner's last use.
  @Test func everyOwnerKeepsItsPointerPrivate() throws {
    let folder = Self.sources.appendingPathComponent("ExpandablePreview")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
    var exposed: [String] = []
    var owners = 0
    while let path = files.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard code.contains("let pointer:") || code.contains("var pointer:") else { continue }
        owners += 1
        if !code.hasPrefix("private ") { exposed.append("\(path): \(code)") }
      }
    }
    #expect(owners >= 8)
    #expect(exposed.isEmpty, "\(exposed)")
  }
}

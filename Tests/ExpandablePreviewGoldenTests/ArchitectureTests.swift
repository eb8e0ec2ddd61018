import Foundation
import Testing

/// The targets' arrows, checked on the sources: the support target imports no target of ours,
/// the renderer imports nothing of golden testing, the testing helpers or the faces, golden
/// testing nothing of the engine or the faces, the engine no face, and the two faces (the CLI
/// and the workbench) stand on the engine and never on each other.
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

  /// Every target of this package: the folders under `Sources`.
  static func ourTargets() throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: sources.path))
  }

  /// The targets of ours that the Swift files under `Sources/<target>` import.
  static func ourImports(of target: String) throws -> Set<String> {
    try imports(of: target).intersection(ourTargets())
  }

  /// The plumbing sits under everything: of ours it imports only `CCrypto` (libcrypto's
  /// SHA-256), and no other target imports that: every SHA-256 goes through Support.
  @Test func theSupportTargetDependsOnNoOtherTargetOfOurs() throws {
    #expect(try Self.ourTargets().contains("ExpandablePreviewSupport"))
    #expect(try Self.imports(of: "ExpandablePreviewSupport").contains("Foundation"))
    #expect(try Self.ourImports(of: "ExpandablePreviewSupport") == ["CCrypto"])
    for target in try Self.ourTargets() where target != "ExpandablePreviewSupport" {
      #expect(!(try Self.imports(of: target)).contains("CCrypto"), "\(target)")
    }
  }

  /// The plumbing is for this package's targets only: no declaration in it is `public` or
  /// `open` (read from each line's leading attributes and modifiers).
  @Test func theSupportTargetDeclaresNothingPublic() throws {
    let modifiers: Set<Substring> = [
      "public", "open", "package", "internal", "fileprivate", "private", "final", "static",
      "override", "convenience", "mutating", "nonisolated", "public(set)", "package(set)",
      "private(set)",
    ]
    let texts = try Self.sourceTexts(of: "ExpandablePreviewSupport")
    #expect(texts.count >= 5)
    var declarations = 0
    for (path, text) in texts {
      for line in text.split(separator: "\n") {
        let leading = line.split(separator: " ").prefix {
          $0.hasPrefix("@") || modifiers.contains($0)
        }
        if leading.contains("package") { declarations += 1 }
        if leading.contains("public") || leading.contains("open") {
          Issue.record("ExpandablePreviewSupport/\(path) declares '\(line)'")
        }
      }
    }
    #expect(declarations >= 10)
  }

  /// Each library imports only the targets below it: renderer → support; golden testing →
  /// renderer, support; the fuzzing helpers → renderer, support; the engine → renderer, golden
  /// testing, support; the testing helpers → the engine (its golden store setting), golden
  /// testing, renderer, support. None of them imports a face (nor the executable).
  @Test func eachLibraryImportsOnlyTheTargetsBelowIt() throws {
    let allowed: [String: Set<String>] = [
      "ExpandablePreview": ["ExpandablePreviewSupport", "CPangoCairo", "CPNG", "CCmarkGFM"],
      "ExpandablePreviewGolden": ["ExpandablePreview", "ExpandablePreviewSupport"],
      "ExpandablePreviewTesting": [
        "ExpandablePreview", "ExpandablePreviewGolden", "ExpandablePreviewEngine",
        "ExpandablePreviewSupport",
      ],
      "ExpandablePreviewFuzzing": ["ExpandablePreview", "ExpandablePreviewSupport"],
      "ExpandablePreviewEngine": [
        "ExpandablePreview", "ExpandablePreviewGolden", "ExpandablePreviewSupport", "CSoup",
      ],
    ]
    for (target, below) in allowed {
      let imported = try Self.ourImports(of: target)
      #expect(imported.isSubset(of: below), "\(target) imports \(imported.subtracting(below))")
      #expect(!imported.contains("ExpandablePreviewCLI"), "\(target)")
      #expect(!imported.contains("ExpandablePreviewWorkbench"), "\(target)")
    }
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

  /// The two faces stand on the engine (its settings table, job renderer and verify run) and
  /// neither imports the other; only the executable wires them together.
  @Test func theFacesStandOnTheEngineAndNeverOnEachOther() throws {
    let cli = try Self.imports(of: "ExpandablePreviewCLI")
    let workbench = try Self.imports(of: "ExpandablePreviewWorkbench")
    #expect(cli.contains("ExpandablePreviewEngine"))
    #expect(workbench.contains("ExpandablePreviewEngine"))
    #expect(!cli.contains("ExpandablePreviewWorkbench"))
    #expect(!workbench.contains("ExpandablePreviewCLI"))
    let main = try Self.imports(of: "expandable-preview")
    #expect(main.isSuperset(of: ["ExpandablePreviewCLI", "ExpandablePreviewWorkbench"]))
  }

  /// Only the workbench (its server) and the engine's shared-cache client (`RemoteCache/`)
  /// speak to libsoup.
  @Test func onlyTheWorkbenchAndTheCacheClientImportLibsoup() throws {
    #expect(try Self.imports(of: "ExpandablePreviewWorkbench").contains("CSoup"))
    let users = ["ExpandablePreviewWorkbench", "ExpandablePreviewEngine", "CSoup"]
    for target in try Self.ourTargets().subtracting(users) {
      #expect(!(try Self.imports(of: target)).contains("CSoup"), "\(target)")
    }
    let engine = try Self.sourceTexts(of: "ExpandablePreviewEngine")
    let importing = engine.filter { $0.value.contains("import CSoup") }.keys
    #expect(!importing.isEmpty)
    for path in importing { #expect(path.hasPrefix("RemoteCache/"), "\(path)") }
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

  /// `assertSnapshot` and the engine's verify run (which `verify` calls) run the one golden
  /// check and only format its outcome: none compares, explains by fonts or writes artifacts
  /// itself.
  @Test func frontEndsLeaveTheStepsToTheGoldenCheck() throws {
    let steps = ["GoldenFontCheck", "store.check(", "explained(byFonts", "artifacts.write("]
    for target in ["ExpandablePreviewTesting", "ExpandablePreviewEngine", "ExpandablePreviewCLI"] {
      let texts = try Self.sourceTexts(of: target)
      if target != "ExpandablePreviewCLI" {
        #expect(texts.values.contains { $0.contains("GoldenCheck(") }, "\(target)")
      }
      for (path, text) in texts {
        for step in steps where text.contains(step) {
          Issue.record("\(target)/\(path) runs the golden check's step \(step) itself")
        }
      }
    }
  }

  /// The command line's `render` and `verify` call the engine's runs and only translate: no
  /// file of the CLI sequences a run itself (the batch or verify run, the no-op short-cut, the
  /// golden-key record, the golden check).
  @Test func theCommandLineCallsTheEnginesRuns() throws {
    let texts = try Self.sourceTexts(of: "ExpandablePreviewCLI")
    let calls = try #require(texts["Commands/VerifyCommand.swift"])
    #expect(calls.contains("request.run(observer:"))
    #expect(try #require(texts["Commands/RenderManifestCommand.swift"]).contains("request.run("))
    let steps = [
      "BatchRun(", "VerifyRun(", "NoOpShortcut(", "GoldenKeyRecord.merge(", "GoldenCheck(",
      "ManifestLoader.load(", "SnapshotsUpkeep(",
    ]
    for (path, text) in texts {
      for step in steps where text.contains(step) {
        Issue.record("ExpandablePreviewCLI/\(path) runs the engine's step \(step) itself")
      }
    }
  }

  /// Jobs of a manifest (`render`, `verify`, the workbench, `render --text`) are rendered in
  /// one place, each output kind's own file in the engine's `JobOutput` (the still's
  /// `JobContent+Still.swift`, the animation's `JobContent+Animation.swift`): no other file of
  /// the engine or a face calls the renderer's render functions, except the benchmarks (which
  /// time them).
  @Test func onlyTheJobRendererRendersJobs() throws {
    let calls = [
      "renderPNG(", "renderSVG(", "renderPDF(", "renderAnimation(", "renderStill(",
      "renderer.render(",
    ]
    let engine = try Self.sourceTexts(of: "ExpandablePreviewEngine")
    #expect(try #require(engine["JobOutput/JobContent+Still.swift"]).contains("renderStill("))
    #expect(
      try #require(engine["JobOutput/JobContent+Animation.swift"]).contains("renderAnimation("))
    let allowed = [
      "ExpandablePreviewEngine/JobOutput/JobContent+Still.swift",
      "ExpandablePreviewEngine/JobOutput/JobContent+Animation.swift",
    ]
    for target in ["ExpandablePreviewEngine", "ExpandablePreviewCLI", "ExpandablePreviewWorkbench"]
    {
      for (path, text) in try Self.sourceTexts(of: target)
      where !allowed.contains("\(target)/\(path)")
        && !(target == "ExpandablePreviewCLI" && path.hasPrefix("Bench/"))
      {
        for call in calls where text.contains(call) {
          Issue.record("\(target)/\(path) renders with \(call) outside the job renderer")
        }
      }
    }
  }

  /// The targets each target of Package.swift depends on, read from its text: `name:` then
  /// `dependencies: [...]` of every `.target` and `.executableTarget`.
  static func packageDependencies() throws -> [String: [String]] {
    // Through the link to the checkout's Sources: the release subset's scratch package
    // (Scripts/subset-package.sh) links it, and its own Package.swift has no faces.
    let manifest = try String(
      contentsOf: sources.resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("Package.swift"),
      encoding: .utf8)
    let declaration = try NSRegularExpression(
      pattern:
        #"\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)",\s*dependencies:\s*\[([^\]]*)\]"#)
    var dependencies: [String: [String]] = [:]
    let range = NSRange(manifest.startIndex..., in: manifest)
    for match in declaration.matches(in: manifest, range: range) {
      guard let name = Range(match.range(at: 1), in: manifest),
        let list = Range(match.range(at: 2), in: manifest)
      else { continue }
      dependencies[String(manifest[name])] = manifest[list].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""]))
      }.filter { !$0.isEmpty }
    }
    return dependencies
  }

  /// The user's tool links neither the developer commands nor the fuzzing target: they are
  /// another product's (`expandable-preview-dev`), which alone imports them.
  @Test func theUsersToolLinksNoDeveloperTool() throws {
    let dependencies = try Self.packageDependencies()
    #expect(dependencies["ExpandablePreviewCLI"]?.contains("ExpandablePreviewEngine") == true)
    var linked: Set<String> = []
    var queue = ["expandable-preview"]
    while let target = queue.popLast() {
      guard linked.insert(target).inserted else { continue }
      queue += dependencies[target] ?? []
    }
    #expect(linked.isSuperset(of: ["ExpandablePreviewCLI", "ExpandablePreviewWorkbench"]))
    for developer in ["ExpandablePreviewDevTools", "ExpandablePreviewFuzzing"] {
      #expect(!linked.contains(developer), "expandable-preview links \(developer)")
    }
    for target in try Self.ourTargets() where target != "expandable-preview-dev" {
      #expect(!(try Self.imports(of: target)).contains("ExpandablePreviewDevTools"), "\(target)")
    }
    #expect(try Self.imports(of: "expandable-preview-dev").contains("ExpandablePreviewDevTools"))
  }

  @Test(arguments: ["expandable-preview", "expandable-preview-dev"])
  func anExecutableIsOnlyItsMainFile(executable: String) throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Self.sources.appendingPathComponent(executable).path)
    #expect(files == ["main.swift"])
  }
}

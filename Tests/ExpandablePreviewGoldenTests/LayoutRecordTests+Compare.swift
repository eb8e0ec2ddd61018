@_spi(Benchmark) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// `--compare layout`, goldens without a record, pruning records, and "same layout".
extension LayoutRecordTests {
  @Test func compareLayoutPassesARasteriserChangeAndFailsAMovedCut() throws {
    let rasterised = try outcome(
      golden: base, changed: base, compare: .layout, editGolden: Self.nudged)
    #expect(rasterised.passed)
    guard case .sameLayout = rasterised.verdict else {
      Issue.record("verdict \(rasterised.verdict)")
      return
    }
    #expect(rasterised.summary.contains("passes: compared by layout"))

    var edited = base
    edited.text = TestTexts.developer.replacingOccurrences(of: "top 1%", with: "very top 1%")
    let moved = try outcome(golden: base, changed: edited, compare: .layout)
    #expect(!moved.passed)
    #expect(moved.summary.contains("cut moved"))
  }

  @Test func compareLayoutPassesAGoldenWrittenByCairosOwnPNGWriter() throws {
    let folder = try temporaryFolder()
    let renderer = try Renderer()
    let still = try renderer.render(base, options: RenderOptions(width: 327))
    _ = try outcome(golden: base, changed: base, folder: folder)
    // Cairo's writer (zlib, unpremultiplied by Cairo) instead of the project's encoder.
    let cairoPNG = try CairoPNGWriter(still.image!).pngData()
    try cairoPNG.write(to: folder.appendingPathComponent("a.png"))
    let check = GoldenCheck(
      store: GoldenStore(directory: folder, recordMode: .never),
      artifacts: ArtifactsFolder(directory: folder.appendingPathComponent("artifacts")),
      compare: .layout)
    let result = try check.check(
      RenderedSnapshot(still, by: renderer), at: "a.png", recorded: nil)
    #expect(result.passed)
  }

  @Test func compareLayoutFailsAMovedCutEvenWhenThePixelsMatch() throws {
    let result = try outcome(
      golden: base, changed: base, compare: .layout,
      editRecord: { $0.still?.cut -= 3 })
    #expect(!result.passed)
    #expect(result.summary.contains("cut moved"))
    #expect(result.summary.contains("(the pixels match)"))
  }

  @Test func aGoldenWithoutARecordComparesPixelsAndSaysSo() throws {
    let folder = try temporaryFolder()
    _ = try outcome(golden: base, changed: base, folder: folder)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("a.layout.json"))
    let renderer = try Renderer()
    let still = try renderer.render(base, options: RenderOptions(width: 327))
    func check(_ mode: RecordMode) throws -> GoldenCheckOutcome {
      try GoldenCheck(
        store: GoldenStore(directory: folder, recordMode: mode),
        artifacts: ArtifactsFolder(directory: folder.appendingPathComponent("artifacts"))
      ).check(RenderedSnapshot(still, by: renderer), at: "a.png", recorded: nil)
    }
    let passing = try check(.missing)
    #expect(passing.passed)
    #expect(passing.layoutRecordMissing)
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.layout.json").path))
    // A pixel change: the words say the record is missing.
    try Self.nudged(still.image!).pngData().write(to: folder.appendingPathComponent("a.png"))
    let failing = try check(.never)
    #expect(!failing.passed)
    #expect(failing.summary.contains("no layout record beside the golden: pixels compared only"))
    // --record failed heals it.
    let healed = try check(.failed)
    #expect(healed.layoutRecordWritten)
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.layout.json").path))
  }

  @Test func pruningAGoldenRemovesItsRecordAndListsOrphanRecords() throws {
    let folder = try temporaryFolder()
    _ = try outcome(golden: base, changed: base, folder: folder)
    try Data("{}".utf8).write(to: folder.appendingPathComponent("stray.layout.json"))
    let store = GoldenStore(directory: folder, recordMode: .missing)
    let orphans = try store.orphans(expecting: [])
    // An orphan golden's record goes with it; a record of no golden is an orphan itself.
    #expect(orphans == ["a.png", "stray.layout.json"])
    try store.prune(try store.orphans(expecting: ["a.png"]))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.layout.json").path))
    try store.prune(["a.png"])
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.layout.json").path))
  }

  /// The reference: two independently computed layouts, compared field by field (the count of
  /// Pango layouts a render took is work, not layout).
  static func sameReference(_ a: LayoutResult, _ b: LayoutResult) -> Bool {
    var a = a
    var b = b
    a.layouts = 0
    b.layouts = 0
    return a == b
  }

  @Test func explanationSaysSameLayoutExactlyWhenTheLayoutsAreEqual() throws {
    var random = SplitMix64(seed: 0x1A70_07)
    let renderer = try Renderer()
    let texts = [
      TestTexts.developer, String(TestTexts.lorem.prefix(300)), "A short line.",
      "Two words", TestTexts.hebrew,
    ]
    var equal = 0
    var different = 0
    for _ in 0..<500 {
      var component = ExpandableText(text: texts[Int.random(in: 0..<texts.count, using: &random)])
      component.truncationStyle = Bool.random(using: &random) ? .fade : .ellipsis
      component.lineLimit = Int.random(in: 1...4, using: &random)
      var width = Double(Int.random(in: 140...400, using: &random))
      let original = try renderer.layout(of: component, options: RenderOptions(width: width))
      switch Int.random(in: 0..<7, using: &random) {
      case 0: break
      case 1: width += Double(Int.random(in: -3...3, using: &random)) / 2
      case 2:
        component.lineLimit = max(1, component.lineLimit + (Bool.random(using: &random) ? 1 : -1))
      case 3:
        var characters = Array(component.text)
        let index = Int.random(in: 0..<characters.count, using: &random)
        characters[index] = ["e", "W", " ", "i"][Int.random(in: 0..<4, using: &random)]
        component.text = String(characters)
      case 4: component.text += " more words"
      case 5:
        component.expandButton = TextSet(
          text: ["more", "More", "Read more"][Int.random(in: 0..<3, using: &random)],
          font: .body, color: .blue)
      default: component.truncationStyle = component.truncationStyle == .fade ? .ellipsis : .fade
      }
      let edited = try renderer.layout(of: component, options: RenderOptions(width: width))
      let changes = LayoutRecord(still: .init(original), fonts: []).changes(
        to: LayoutRecord(still: .init(edited), fonts: []))
      let explanation: LayoutExplanation =
        changes.isEmpty ? .same(libraryDifferences: []) : .changed(changes)
      let words = explanation.description
      if Self.sameReference(original, edited) {
        equal += 1
        #expect(changes.isEmpty, "\(component.text.prefix(30)) @\(width): \(words)")
        #expect(words.hasPrefix("same layout"))
      } else {
        different += 1
        #expect(!changes.isEmpty, "\(component.text.prefix(30)) @\(width)")
        #expect(words.hasPrefix("layout changed: ") && !words.contains("same layout"))
      }
    }
    // Both kinds of pair occur, so neither half of the rule goes untested.
    #expect(equal > 50 && different > 50, "equal \(equal), different \(different)")
  }
}

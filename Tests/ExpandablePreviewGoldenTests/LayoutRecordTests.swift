@_spi(Benchmark) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import ExpandablePreviewGolden
import Foundation
import TestSupport
import Testing

/// Layout records beside goldens: written with the golden, compared with a new render's, and
/// the one explanation of a mismatch they give.
@Suite struct LayoutRecordTests {
  let base: ExpandableText = {
    var component = ExpandableText(text: TestTexts.developer)
    component.truncationStyle = .ellipsis
    return component
  }()

  /// Records `golden` in a fresh folder, then checks `changed` against it.
  func outcome(
    golden: ExpandableText, goldenWidth: Double = 327, changed: ExpandableText,
    width: Double = 327, compare: CompareMode = .both, folder: URL? = nil,
    editRecord: ((inout LayoutRecord) -> Void)? = nil, editGolden: ((Image) -> Image)? = nil
  ) throws -> GoldenCheckOutcome {
    let folder = try folder ?? temporaryFolder()
    let renderer = try Renderer()
    let first = try renderer.render(golden, options: RenderOptions(width: goldenWidth))
    let recording = GoldenCheck(
      store: GoldenStore(directory: folder, recordMode: .missing),
      artifacts: ArtifactsFolder(directory: folder.appendingPathComponent("artifacts")))
    _ = try recording.check(RenderedSnapshot(first, by: renderer), at: "a.png", recorded: nil)
    let recordFile = folder.appendingPathComponent("a.layout.json")
    if let editRecord {
      var record = try LayoutRecord(jsonData: Data(contentsOf: recordFile))
      editRecord(&record)
      try record.jsonData().write(to: recordFile)
    }
    if let editGolden {
      try editGolden(first.image).pngData().write(to: folder.appendingPathComponent("a.png"))
    }
    let second = try renderer.render(changed, options: RenderOptions(width: width))
    let check = GoldenCheck(
      store: GoldenStore(directory: folder, recordMode: .never),
      artifacts: ArtifactsFolder(directory: folder.appendingPathComponent("artifacts")),
      compare: compare)
    return try check.check(RenderedSnapshot(second, by: renderer), at: "a.png", recorded: nil)
  }

  /// One pixel of `image` changed, as another rasteriser's anti-aliasing changes a pixel.
  static func nudged(_ image: Image) -> Image {
    TestImages.setting(image, 1, 1, (0, 0, 0, 255))
  }

  @Test func recordIsWrittenBesideTheGoldenAsStableSortedJSON() throws {
    let folder = try temporaryFolder()
    _ = try outcome(golden: base, changed: base, folder: folder)
    let data = try Data(contentsOf: folder.appendingPathComponent("a.layout.json"))
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"visibleText\" : "))
    #expect(text.contains("\"cut\" : "))
    #expect(text.contains("DejaVuSans.ttf") || text.contains("Inter"))
    // No links: an empty array on one line, as a reviewer reads it in a diff.
    #expect(text.contains("\"links\" : [],\n"))
    #expect(!text.contains("[\n\n"))
    let record = try LayoutRecord(jsonData: data)
    #expect(try record.jsonData() == data)
    #expect(record.still?.lines == 3)
  }

  @Test func aTextEditMovesTheCutAndShowsBothTails() throws {
    var edited = base
    edited.text = TestTexts.developer.replacingOccurrences(of: "top 1%", with: "very top 1%")
    let result = try outcome(golden: base, changed: edited)
    let changes = result.explanation.layout?.changes ?? []
    let cut = try #require(
      changes.first {
        if case .cut = $0 { return true } else { return false }
      })
    #expect(cut.description.hasPrefix("cut moved from character "))
    #expect(cut.description.contains("→"))
    #expect(result.summary.contains("layout changed: cut moved"))
    #expect(!result.passed)
  }

  @Test func aCutWhoseTextsEndAlikeShowsWhereTheyDiffer() {
    let before = "The flat white is silky, oat milk costs nothing extra, and the queue moves fast."
    let after = "The flat white is silky, oat milk is free, and the queue moves fast."
    let change = LayoutChange.cut(from: before.count, to: after.count, before: before, after: after)
    #expect(
      change.description
        == "cut moved from character 80 to 68: “…y, oat milk [costs nothing extra], and the qu…”"
        + " → “…y, oat milk [is free], and the qu…”")
    let moved = LayoutChange.cut(from: 9, to: 5, before: "The quick", after: "The q")
    #expect(moved.description == "cut moved from character 9 to 5: “The quick” → “The q”")
  }

  @Test func aNarrowerWidthChangesTheWidthAndTheLabel() throws {
    let result = try outcome(golden: base, changed: base, width: 250)
    let words = result.explanation.layout?.description ?? ""
    #expect(words.contains("width 327 → 250 pt"))
    #expect(words.contains("label moved"))
  }

  @Test func aLowerLineLimitChangesLinesAndHeight() throws {
    var edited = base
    edited.lineLimit = 2
    let result = try outcome(golden: base, changed: edited)
    let changes = result.explanation.layout?.changes ?? []
    #expect(changes.contains(.lines(3, 2)))
    #expect(changes.contains { if case .height = $0 { true } else { false } })
    #expect(result.summary.contains("lines 3 → 2"))
  }

  @Test func anotherLabelResizesTheLabel() throws {
    var edited = base
    edited.expandButton = TextSet(text: "Read the whole story", font: .body, color: .blue)
    let result = try outcome(golden: base, changed: edited)
    #expect(result.explanation.layout?.description.contains("label") == true)
    #expect(result.explanation.layout?.description.contains("resized") == true)
  }

  @Test func anotherLabelSaysWhatVoiceOverReadsNow() throws {
    var edited = base
    edited.expandButton = TextSet(text: "Read on", font: .body, color: .blue)
    let result = try outcome(golden: base, changed: edited)
    let words = result.explanation.layout?.description ?? ""
    #expect(words.contains("VoiceOver: “More, Button” now reads “[Read on], Button”"), "\(words)")
  }

  @Test func aTextEditSaysTheTextElementReadsOtherWords() throws {
    var edited = base
    edited.text = "Short words that fit."
    let result = try outcome(golden: base, changed: edited)
    let words = result.explanation.layout?.description ?? ""
    // The label is gone with the truncation: one element fewer, and what is read now.
    #expect(words.contains("VoiceOver's elements 2 → 1: “Short words that fit.”"), "\(words)")
  }

  @Test func accessibilityChangesNameTheElementAndHowItChanged() {
    let frame = Rect(x: 0, y: 0, width: 100, height: 20)
    let moved = Rect(x: 0, y: 24, width: 100, height: 20)
    let text = AccessibilityElement(
      label: String(repeating: "long words ", count: 5), traits: [.staticText], frame: frame)
    let button = AccessibilityElement(label: "more", traits: [.button], frame: frame)
    var movedButton = button
    movedButton.frame = moved
    let link = AccessibilityElement(
      label: "docs", traits: [.link], frame: frame, url: "https://example.com/a")
    var otherLink = link
    otherLink.url = "https://example.com/b"
    var shorter = text
    shorter.label = "short"
    let change = LayoutChange.accessibility(
      [text, button, link], [shorter, movedButton, otherLink])
    #expect(
      change.description
        == "VoiceOver: the text now reads “[short]”; “more, Button” moved from (0, 0) to (0, 24); "
        + "“docs, Link” links elsewhere"
    )
    // The text itself moved: said with where it was and is, never a bare "the text moved".
    var lower = text
    lower.frame = Rect(x: 0, y: 10, width: 100, height: 30)
    #expect(
      LayoutChange.accessibility([text], [lower]).description
        == "VoiceOver: the text moved from (0, 0) to (0, 10) and resized from 100×20 to 100×30 pt")
    let fewer = LayoutChange.accessibility([text, button], [text])
    #expect(
      fewer.description
        == "VoiceOver's elements 2 → 1: “long words long words long words…”")
    #expect(
      LayoutChange.accessibility([button], nil).description == "VoiceOver's elements 1 → 0: (none)")
  }

  @Test func aTextThatNeedsAnotherFontFileNamesIt() throws {
    var golden = base
    golden.text = "Short text"
    var edited = golden
    edited.text = "Short text 吾輩は猫である"
    let result = try outcome(golden: golden, changed: edited)
    let fonts = result.explanation.layout?.changes.first {
      if case .fonts = $0 { return true } else { return false }
    }
    let words = try #require(fonts).description
    #expect(words.hasPrefix("font files changed: +"))
  }

  @Test func anotherLibraryVersionWithTheSameLayoutSaysSameLayoutAndNamesIt() throws {
    let result = try outcome(
      golden: base, changed: base, editRecord: { $0.libraries.cairo = "1.0.0" },
      editGolden: Self.nudged)
    #expect(
      result.explanation.layout
        == .same(libraryDifferences: ["Cairo 1.0.0 → \(LibraryVersions.current.cairo)"]))
    #expect(
      result.summary.contains("same layout, pixels differ (colors or rasterisation: Cairo 1.0.0 → ")
    )
    #expect(!result.passed)
  }

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
    let cairoPNG = try CairoPNGWriter(still.image).pngData()
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
    try Self.nudged(still.image).pngData().write(to: folder.appendingPathComponent("a.png"))
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

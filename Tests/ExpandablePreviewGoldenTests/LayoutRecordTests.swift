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
      try editGolden(first.image!).pngData().write(to: folder.appendingPathComponent("a.png"))
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
    let changes = result.verdict.explanation.layout?.changes ?? []
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
    let words = result.verdict.explanation.layout?.description ?? ""
    #expect(words.contains("width 327 → 250 pt"))
    #expect(words.contains("label moved"))
  }

  @Test func aLowerLineLimitChangesLinesAndHeight() throws {
    var edited = base
    edited.lineLimit = 2
    let result = try outcome(golden: base, changed: edited)
    let changes = result.verdict.explanation.layout?.changes ?? []
    #expect(changes.contains(.lines(3, 2)))
    #expect(changes.contains { if case .height = $0 { true } else { false } })
    #expect(result.summary.contains("lines 3 → 2"))
  }

  @Test func anotherLabelResizesTheLabel() throws {
    var edited = base
    edited.expandButton = TextSet(text: "Read the whole story", font: .body, color: .blue)
    let result = try outcome(golden: base, changed: edited)
    #expect(result.verdict.explanation.layout?.description.contains("label") == true)
    #expect(result.verdict.explanation.layout?.description.contains("resized") == true)
  }

  @Test func anotherLabelSaysWhatVoiceOverReadsNow() throws {
    var edited = base
    edited.expandButton = TextSet(text: "Read on", font: .body, color: .blue)
    let result = try outcome(golden: base, changed: edited)
    let words = result.verdict.explanation.layout?.description ?? ""
    #expect(words.contains("VoiceOver: “More, Button” now reads “[Read on], Button”"), "\(words)")
  }

  @Test func aTextEditSaysTheTextElementReadsOtherWords() throws {
    var edited = base
    edited.text = "Short words that fit."
    let result = try outcome(golden: base, changed: edited)
    let words = result.verdict.explanation.layout?.description ?? ""
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
    let fonts = result.verdict.explanation.layout?.changes.first {
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
      result.verdict.explanation.layout
        == .same(libraryDifferences: ["Cairo 1.0.0 → \(LibraryVersions.current.cairo)"]))
    #expect(
      result.summary.contains("same layout, pixels differ (colors or rasterisation: Cairo 1.0.0 → ")
    )
    #expect(!result.passed)
  }
}

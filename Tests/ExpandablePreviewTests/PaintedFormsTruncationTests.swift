@_spi(Reference) import ExpandablePreview
@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

/// The cut is decided on prefix + ellipsis + label laid out exactly as it is painted: with the
/// language each script run gets (which picks the font's forms and the fallback font) and
/// unhinted metrics. A layout without those (Pango's defaults: hinted metrics, no per-run
/// language) finds one or two more characters fitting where the painted lines overflow.
@Suite struct PaintedFormsTruncationTests {
  static let cjk = Font.custom("Noto Sans CJK JP 17")

  func component(
    _ text: String, font: Font, lineLimit: Int, ellipsis: String, label: TextSet
  ) -> ExpandableText {
    ExpandableText(text: text).font(font).lineLimit(lineLimit).truncationStyle(.ellipsis)
      .ellipsis(ellipsis).expandButton(label)
  }

  /// The lines a plain text takes: a layout path apart from the truncation's own.
  func lines(_ text: String, font: Font, width: Double, renderer: Renderer) throws -> Int {
    let plain = ExpandableText(text: text).font(font).lineLimit(100)
    return try renderer.layout(of: plain, options: RenderOptions(width: width)).lines
  }

  /// After Han, " — " is shaped in the Han run's language: "帮助开发者 — More" takes three
  /// lines of 80 pt as painted (two only without the language), so the fifth ideograph is cut.
  @Test(arguments: [FontSet.standard, FontSet.system])
  func dashAfterHanIsMeasuredInItsRunsLanguage(fonts: FontSet) throws {
    let renderer = try Renderer(fontSet: fonts)
    let component = component(
      "帮助开发者快速地构建跨平", font: Self.cjk, lineLimit: 2, ellipsis: " — ",
      label: TextSet(text: "More", font: Self.cjk))
    let options = RenderOptions(width: 80, scale: 2, padding: .zero, state: .collapsed)
    let layout = try renderer.layout(of: component, options: options)
    let reference = try TruncationReference(component, options: options, renderer: renderer)
    #expect(layout.visibleText == "帮助开发")
    #expect(reference.keptBytes == "帮助开发".utf8.count)
    #expect(layout.lines == 2)
    #expect(try lines("帮助开发者 — More", font: Self.cjk, width: 80, renderer: renderer) == 3)
    #expect(try lines("帮助开发 — More", font: Self.cjk, width: 80, renderer: renderer) == 2)
  }

  /// A Hebrew text with a Japanese label in a font without Japanese (drawn by a fallback
  /// font): the cut is the reference's, and the next longer candidate overflows as painted.
  /// With the standard set 26 characters fit; the machine's fallback font may differ.
  @Test(arguments: [FontSet.standard, FontSet.system])
  func hebrewWithAFallbackLabelKeepsTheLongestPrefixThatFits(fonts: FontSet) throws {
    let renderer = try Renderer(fontSet: fonts)
    let text = "של שלום האחרונה מימין של האחרונה ספר מיקום ספר."
    let component = component(
      text, font: .custom("DejaVu Serif 16"), lineLimit: 3, ellipsis: "⋯ ",
      label: TextSet(text: "続きを読む", font: .custom("DejaVu Serif Bold 13")))
    let options = RenderOptions(width: 120, scale: 2, padding: .zero, state: .collapsed)
    let layout = try renderer.layout(of: component, options: options)
    let reference = try TruncationReference(component, options: options, renderer: renderer)
    let kept = try #require(reference.keptBytes)
    #expect(layout.visibleText.utf8.count == kept)
    #expect(layout.lines <= 3)
    let probe = try TruncationProbe(component, options: options, renderer: renderer)
    let longer = try #require(reference.candidates.last { $0 > kept })
    #expect(try probe.lineCount(keepingBytes: longer) > 3)
    if fonts == .standard {
      #expect(layout.visibleText == String(text.prefix(26)))
    }
  }

  /// Seeded random CJK, Hebrew, Arabic and mixed-direction texts with custom ellipses and
  /// labels whose script the label's font lacks (so a fallback font and another run language
  /// draw it), with the standard set and the machine's fonts: the cut must be the
  /// brute-force reference's in every case.
  @Test(arguments: [FontSet.standard, FontSet.system])
  func cutMatchesTheReferenceForCJKAndRightToLeftTextWithCustomEllipses(fonts: FontSet) throws {
    let renderer = try Renderer(fontSet: fonts)
    var random = SplitMix64(seed: Self.seed)
    var truncated = 0
    var layouts = 0
    var problems: [String] = []
    var checked = 0
    for index in 0..<Self.lastCase {
      let pools = (0..<random.int(in: 1...2)).map { _ in random.pick(Self.words) }
      var text = ""
      for token in 0..<random.int(in: 3...30) {
        if token > 0 && random.int(in: 0...3) != 0 { text += " " }
        text += random.pick(random.pick(pools))
      }
      var component = component(
        text, font: random.pick(Self.textFonts), lineLimit: random.int(in: 1...4),
        ellipsis: random.pick(Self.ellipses),
        label: TextSet(text: random.pick(Self.labels), font: random.pick(Self.labelFonts)))
      if random.int(in: 0...3) == 0 { component = component.direction(.rightToLeft) }
      if random.int(in: 0...4) == 0 { component = component.cutsAtWordBoundaries() }
      let options = RenderOptions(
        width: 40 + (200 * random.unit() * 64).rounded() / 64, scale: 1, padding: .zero,
        state: .collapsed)
      // Every case draws its randoms, so a checked case is the same whichever are skipped.
      guard ReferenceSample.checks(index, of: Self.fullCases, remembered: Self.remembered) else {
        continue
      }
      checked += 1
      let reference = try TruncationReference(component, options: options, renderer: renderer)
      guard reference.truncated else { continue }
      truncated += 1
      let layout = try renderer.layout(of: component, options: options)
      layouts += layout.layouts
      for (kind, message) in reference.mismatches(ofCollapsed: layout, component) {
        problems.append("case \(index) (\(text.debugDescription)): \(kind): \(message)")
      }
    }
    #expect(truncated > checked / 2, "too few cases truncate to say much")
    #expect(
      problems.isEmpty,
      "\(problems.count) mismatches: \(problems.prefix(5)); \(Self.replay)"
    )
    if ProcessInfo.processInfo.environment["EXPANDABLE_PREVIEW_TRUNCATION_STATS"] != nil {
      print(
        "painted-forms-stats fonts=\(fonts) seed=\(Self.seed) cases=\(checked)"
          + " truncated=\(truncated) mismatches=\(problems.count) layouts=\(layouts)")
    }
  }

  /// 1,000 cases in full, of which ``ReferenceSample`` picks this run's share; case 838 (it
  /// once kept one digit less than fits: a shortened word moved up a line) always runs.
  static let fullCases = 1000
  static let remembered: Set<Int> = [838]
  static let lastCase = max(
    ReferenceSample.count(fullCases),
    ReferenceSample.runSeed == 0 ? (remembered.max() ?? -1) + 1 : 0)
  static let seed = ReferenceSample.seed(18)
  static let replay = ReferenceSample.replay("PaintedFormsTruncationTests")
  static let words: [[String]] = [
    ["帮助", "开发者", "快速地", "构建", "跨平台", "应用。", "我们", "中文", "排版，", "测试"],
    ["吾輩は", "猫である。", "名前は", "まだ無い。", "東京の", "テキスト", "続きを読む"],
    ["של", "שלום", "האחרונה", "מימין", "ספר", "מיקום", "ספר.", "עברית", "2024"],
    ["هذا", "نص", "عربي", "طويل", "يكفي", "قراءة", "المزيد", "(2024)"],
    ["Swift", "iOS 17", "abc—עב", "«quote»", "123", "עברית", "سويفت", "中文"],
  ]
  static let textFonts: [Font] = [
    cjk, .custom("DejaVu Serif 16"), .custom("DejaVu Sans 17"), .custom("Noto Serif CJK SC 15"),
    .custom("DejaVu Sans 11"),
  ]
  static let labelFonts: [Font?] = [
    nil, cjk, .custom("DejaVu Serif Bold 13"), .custom("DejaVu Sans 22"),
    .custom("Liberation Serif Italic 18"),
  ]
  static let labels = ["More", "続きを読む", "קרא עוד", "قراءة المزيد", "更多", "…"]
  static let ellipses = [" — ", "⋯ ", "… ", "——", " ⋯ ", "...", "‥ "]
}

extension PaintedFormsTruncationTests {
  /// "ي " ends a line because "هذا(2024)" does not fit after it; cut to "هذا(20", the word
  /// does, and with "——…" on the next line the text takes 4 lines where the cut one digit
  /// shorter, "هذا(2", also does and "هذا(" (which cannot break before "——") takes 5. The
  /// longest of them is kept: the line count is not monotone, and the longer cut moves a
  /// line up.
  @Test(arguments: [FontSet.standard, FontSet.system])
  func aShortenedWordThatMovesUpALineIsKeptWhole(fonts: FontSet) throws {
    try expectTheLongerCut(
      of: "هذا المزيدعربي هذا(2024) يكفي عربيعربي عربي هذا (2024)نص طويل طويلنص عربي",
      font: .custom("DejaVu Sans 17"), ellipsis: "——",
      label: TextSet(text: "…"), width: 77.640625, fonts: fonts,
      keeps: "هذا المزيدعربي هذا(20", whereKeeping: "هذا المزيدعربي هذا(")
  }
}

extension PaintedFormsTruncationTests {
  /// The ellipsis joins the script run before it. After "中文" the Han run's language draws
  /// "——" as two full-width dashes (34 pt in Noto Sans CJK JP 17): "——" starts line 4 and
  /// "More" needs a fifth. Cut inside "SwiftiOS", the "S" moves up to line 3 and the dashes
  /// after it, Latin now, take 28.5 pt: "——More" fits line 4. The longer cut is kept.
  @Test(arguments: [FontSet.standard, FontSet.system])
  func anEllipsisNarrowerAfterALongerPrefixKeepsThatPrefix(fonts: FontSet) throws {
    try expectTheLongerCut(
      of: "abc—עב Swift 123 123 中文 SwiftiOS 17", font: Self.cjk, ellipsis: "——",
      label: TextSet(text: "More", font: .custom("DejaVu Sans 22")), width: 88.265625, fonts: fonts,
      keeps: "abc—עב Swift 123 123 中文 S", whereKeeping: "abc—עב Swift 123 123 中文")
  }
}

extension PaintedFormsTruncationTests {
  /// Nothing may break before "‥" after "。", so cut after "である。" the ellipsis carries
  /// "る。" down a line and "続きを読む" needs a fifth; cut after "である。 ま", the whole text's
  /// line "である。 " stays and the text takes 4 lines. The longer cut is kept.
  @Test(arguments: [FontSet.standard, FontSet.system])
  func aWordTheEllipsisCarriesDownALineDoesNotEndTheCut(fonts: FontSet) throws {
    try expectTheLongerCut(
      of: "東京の 猫である。 まだ無い。2024 名前は 猫である。 テキスト", font: .custom("DejaVu Sans 17"), ellipsis: "‥ ",
      label: TextSet(text: "続きを読む", font: .custom("DejaVu Sans 22")), width: 79.046875,
      fonts: fonts,
      keeps: "東京の 猫である。 ま", whereKeeping: "東京の 猫である。")
  }
}

extension PaintedFormsTruncationTests {
  /// A four-line ellipsis cut of `text` that keeps what the brute-force reference keeps; with
  /// the standard fonts, exactly `kept`, where keeping only `shorter` would take five lines.
  func expectTheLongerCut(
    of text: String, font: Font, ellipsis: String, label: TextSet, width: Double,
    fonts: FontSet, keeps kept: String, whereKeeping shorter: String
  ) throws {
    let renderer = try Renderer(fontSet: fonts)
    let component = component(text, font: font, lineLimit: 4, ellipsis: ellipsis, label: label)
    let options = RenderOptions(width: width, scale: 1, padding: .zero, state: .collapsed)
    let reference = try TruncationReference(component, options: options, renderer: renderer)
    let layout = try renderer.layout(of: component, options: options)
    #expect(layout.visibleText.utf8.count == reference.keptBytes)
    #expect(layout.lines <= 4)
    if fonts == .standard {
      #expect(layout.visibleText == kept)
      let probe = try TruncationProbe(component, options: options, renderer: renderer)
      #expect(try probe.lineCount(keepingBytes: shorter.utf8.count) == 5)
    }
  }
}

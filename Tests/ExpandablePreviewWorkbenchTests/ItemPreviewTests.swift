import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewEngine
@testable import ExpandablePreviewWorkbench

/// The playground's item: flags read as `render --text` reads them, written as a manifest item
/// that decodes back to the same component and options, and rendered by the job renderer.
@Suite struct ItemPreviewTests {
  static let flags: [(name: String, value: String)] = [
    ("--style", "ellipsis"), ("--line-limit", "2"), ("--font", "headline"),
    ("--color", "#336699"), ("--more", "Read \"more\""), ("--more-color", "red"),
    ("--width", "280.5"), ("--appearance", "dark"), ("--dynamic-type", "accessibility1"),
    ("--padding", "4,8,4,8"), ("--less", "less"), ("--less-placement", "belowText"),
    ("--word-boundaries", "true"), ("--language", "ja"),
  ]

  @Test func theItemJSONDecodesToTheSameComponentAndOptions() throws {
    let text = "Line one\n\"quoted\" \\ tab\there — ünïcødé 日本語 👩‍👩‍👧"
    let preview = try ItemPreview(text: text, flags: Self.flags)
    let manifest = "{\"items\": [\(preview.itemJSON)]}"
    let decoded = try ManifestDecoder.decode(
      ManifestSource(path: "copy.json", bytes: Array(manifest.utf8)))
    let item = try #require(decoded.items.first)
    #expect(item.name == ItemPreview.itemName)
    #expect(item.component == preview.component)
    #expect(item.component.text == text)
    let job = RenderJob.job(for: item, itemIndex: 0, at: 0)
    #expect(job.options == preview.options)
    #expect(preview.options.width == 280.5)
    #expect(preview.options.appearance == .dark)
    #expect(preview.component.truncationStyle == .ellipsis)
    #expect(preview.component.lineLimit == 2)
    #expect(preview.component.collapsePlacement == .belowText)
  }

  @Test func theItemSetsOnlyWhatTheFlagsSet() throws {
    let preview = try ItemPreview(text: "Hi", flags: [("--line-limit", "4")])
    #expect(
      preview.itemJSON
        == "{\n  \"name\": \"playground\",\n  \"text\": \"Hi\",\n  \"lineLimit\": 4\n}")
    #expect(preview.component == ExpandableText(text: "Hi").lineLimit(4))
  }

  /// `--less null` removes the collapse label, as `render --text` reads it, whatever the
  /// label's other flags say.
  @Test func lessNullRemovesTheCollapseLabel() throws {
    let preview = try ItemPreview(
      text: "Hi", flags: [("--less", "null"), ("--less-placement", "belowText")])
    #expect(preview.itemJSON.contains("\"collapseButton\": null"))
    #expect(preview.component.collapseButton == nil)
  }

  @Test func aBadValueIsRefusedNamingItsFlag() {
    #expect(throws: PreviewProblem.self) {
      try ItemPreview(text: "Hi", flags: [("--color", "#12")])
    }
    do {
      _ = try ItemPreview(text: "Hi", flags: [("--line-limit", "0")])
      Issue.record("lineLimit 0 was accepted")
    } catch {
      #expect(error.description.contains("--line-limit"), "\(error)")
    }
    do {
      _ = try ItemPreview(text: "Hi", flags: [("--no-such-flag", "1")])
      Issue.record("an unknown flag was accepted")
    } catch {
      #expect(error.description.contains("--no-such-flag"))
    }
  }

  @Test func numbersRenderTextAcceptsAreTakenTheSameWay() throws {
    // `render --text` reads numbers with `Double`; the playground's item spells them as JSON.
    let flags: [(name: String, value: String)] = [
      ("--width", "+250."), ("--line-limit", "0x3"), ("--scale", "2."), ("--line-spacing", ".5"),
    ]
    let preview = try ItemPreview(text: "Hi", flags: flags)
    let settings = try ComponentSettings(
      flags: flags.map { (ComponentSettings.flags[$0.name]!, $0.value) })
    #expect(preview.options.width == 250)
    #expect(preview.component.lineLimit == 3)
    #expect(preview.options.scale == 2)
    #expect(settings.lineLimit == 3)
    #expect(preview.itemJSON.contains("\"width\": 250"))
  }

  /// Whatever a number flag's value, the playground takes it or refuses it as the flags do,
  /// never "malformed JSON": Double's spellings, hexadecimal floats, exponents, signs, and
  /// values out of range or not numbers at all.
  @Test(arguments: [
    "+250.", "0x10", "0x1.8p4", "1e2", "-0", ".5e2", "250.000", "1e999", "nan", "inf", "-inf",
    "0x", "1_0", "20000", "-5", "\u{661}\u{660}\u{660}",
  ])
  func aWidthIsTakenOrRefusedAsTheFlagTakesIt(value: String) throws {
    let flag = ("--width", value)
    var flagOutcome = "accepted"
    do { _ = try ComponentSettings(flags: [(ComponentSettings.flags["--width"]!, value)]) } catch {
      flagOutcome = "\(error)"
    }
    var previewOutcome = "accepted"
    do { _ = try ItemPreview(text: "Hi", flags: [flag]) } catch { previewOutcome = "\(error)" }
    #expect(!previewOutcome.contains("malformed JSON"), "\(previewOutcome)")
    #expect((flagOutcome == "accepted") == (previewOutcome == "accepted"))
    if flagOutcome != "accepted" {
      #expect(
        previewOutcome.contains(flagOutcome), "flag: \(flagOutcome); playground: \(previewOutcome)")
    }
  }

  @Test func renderingGivesTheBytesOfTheJobRenderer() throws {
    let preview = try ItemPreview(text: String(repeating: "word ", count: 60), flags: Self.flags)
    let renderer = try Renderer()
    let images = preview.render(with: renderer)
    #expect(images.map(\.state) == ["collapsed", "expanded"])
    for (image, job) in zip(images, preview.jobs) {
      #expect(image.error == nil)
      #expect(image.bytes == (try JobRenderer.files(of: job, with: renderer)).files[0].bytes)
      #expect(image.file == job.file)
    }
    #expect(images[0].layoutJSON.contains("\"truncated\" : true"))
  }

  @Test func everyFlagOfTheSettingsTableHasOneControl() {
    let controls = ItemPreview.controls
    let flags = ComponentSettings.table.flatMap(\.flags)
    #expect(controls.map(\.flag) == flags.map(\.name))
    let byFlag = Dictionary(uniqueKeysWithValues: controls.map { ($0.flag, $0) })
    #expect(byFlag["--style"]?.kind == .choice)
    #expect(byFlag["--style"]?.choices == TruncationStyle.allCases.map(\.rawValue))
    #expect(byFlag["--width"]?.kind == .slider)
    #expect(byFlag["--markdown"]?.kind == .toggle)
    #expect(byFlag["--color"]?.kind == .color)
    // What did-you-mean suggests from: the system colors, the text styles.
    #expect(byFlag["--color"]?.suggestions == Color.systemColorNames)
    #expect(byFlag["--more-font"]?.suggestions == TextStyle.allCases.map(\.rawValue))
    #expect(byFlag["--appearance"]?.choices == ["light", "dark"])
    // Closed sets are choices, not free text that fails on every keystroke.
    #expect(byFlag["--device"]?.choices == Device.all.map(\.name))
    #expect(byFlag["--legibility-weight"]?.choices == ["regular", "bold"])
    // Each control has its declaration's human label, and iOS's words for a choice.
    #expect(controls.allSatisfy { !$0.label.isEmpty })
    #expect(byFlag["--legibility-weight"]?.label == "Bold Text")
    #expect(byFlag["--legibility-weight"]?.choiceLabels == ["regular": "Off", "bold": "On"])
    #expect(byFlag["--dynamic-type"]?.label == "Text Size (Dynamic Type)")
    #expect(byFlag["--color-scheme-contrast"]?.choices == ["standard", "increased"])
    #expect(byFlag["--line-limit"]?.max == Double(RenderLimits.maxLineLimit))
  }
}

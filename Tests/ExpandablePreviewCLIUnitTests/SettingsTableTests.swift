import ExpandablePreview
import Foundation
import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewEngine

/// The settings table is the one declaration of every setting: the manifest's keys, the flags
/// of `render --text` and both helps come from it, and a flag reads exactly as its key does.
@Suite struct SettingsTableTests {
  /// Reads `json` as a manifest item's settings.
  private func manifestSettings(_ json: String) throws -> ComponentSettings {
    let source = ManifestSource(path: "test.json", bytes: Array(json.utf8))
    let node = try JSONReader.parse(source.bytes)
    return try ComponentSettings(
      reading: ObjectReader(
        node, scope: "item 'a'", knownKeys: ComponentSettings.keys, source: source))
  }

  private func flagSettings(_ pairs: [(String, String)]) throws(UsageError) -> ComponentSettings {
    var values: [(flag: Setting.Flag, text: String)] = []
    for (name, text) in pairs {
      guard let flag = ComponentSettings.flags[name] else { throw UsageError("no flag \(name)") }
      values.append((flag, text))
    }
    return try ComponentSettings(flags: values)
  }

  @Test func keysAreUniqueAndEveryFlagPointsAtAKeyOfTheTable() {
    let keys = ComponentSettings.keys
    #expect(Set(keys).count == keys.count)
    let flags = ComponentSettings.table.flatMap(\.flags)
    #expect(Set(flags.map(\.name)).count == flags.count)
    for flag in flags {
      let key = String(flag.path.split(separator: ".")[0])
      #expect(keys.contains(key), "\(flag.name) → \(flag.path)")
      #expect(flag.name.hasPrefix("--"))
    }
  }

  @Test func bothHelpsListEverySetting() {
    let renderHelp = RenderManifestCommand.help
    for key in ComponentSettings.keys {
      // A key too long for the column stands on a line of its own.
      #expect(
        renderHelp.contains("    \(key) ") || renderHelp.contains("    \(key)\n"),
        "render --help misses the key \(key)")
    }
    let textHelp = CommandOptionsTests.optionsMentioned(in: RenderTextCommand.help)
    for name in RenderTextCommand.flagNames {
      #expect(textHelp.contains(name), "render --text's help misses \(name)")
    }
  }

  @Test func everyOptionACommandAcceptsIsInItsHelp() {
    let verifyHelp = CommandOptionsTests.optionsMentioned(in: VerifyCommand.help)
    for flag in VerifyCommand.optionTable.names + BatchOptions.flags {
      #expect(verifyHelp.contains(flag), "verify --help misses \(flag)")
    }
    let renderHelp = CommandOptionsTests.optionsMentioned(in: RenderManifestCommand.help)
    for flag in ["--out"] + BatchOptions.flags {
      #expect(renderHelp.contains(flag), "render --help misses \(flag)")
    }
  }

  @Test func aFlagReadsAsItsManifestKey() throws {
    let fromFlags = try flagSettings([
      ("--line-limit", "2"), ("--scale", "3"), ("--padding", "1,2,3,4"), ("--more", "Read on"),
      ("--more-color", "#FF0000"), ("--less", "less"), ("--less-placement", "belowText"),
      ("--word-boundaries", ""), ("--style", "ellipsis"), ("--background", "#000000"),
    ])
    let fromManifest = try manifestSettings(
      """
      {"lineLimit": 2, "scale": 3, "padding": [1, 2, 3, 4],
       "expandButton": {"text": "Read on", "color": "#FF0000"},
       "collapseButton": {"text": "less", "placement": "belowText"},
       "cutsAtWordBoundaries": true, "style": "ellipsis", "background": "#000000"}
      """)
    #expect(fromFlags.component(text: "x") == fromManifest.component(text: "x"))
    #expect(fromFlags.renderOptions == fromManifest.renderOptions)
    #expect(fromFlags.component(text: "x").lineLimit == 2)
    #expect(
      fromFlags.renderOptions.padding == EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
  }

  @Test func thePaddingHelpNamesTheEdgesInTheOrderTheyAreRead() throws {
    // `--padding 1,2,3,4` reads top, leading, bottom, trailing; the help says so in words
    // (it said "T,L,B,T", which reads as top, left, bottom, top).
    let padding = try flagSettings([("--padding", "1,2,3,4")]).renderOptions.padding
    #expect(padding == EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
    let help = try #require(
      RenderTextCommand.optionTable.documentation.first { $0.name == "--padding" }?.help)
    #expect(help.contains("top,leading,bottom,trailing"), "\(help)")
  }

  @Test(arguments: [
    ("--scale", "5", "--scale: must be 1 to 4, got 5"),
    ("--line-limit", "0", "--line-limit: must be 1 to 1000, got 0"),
    ("--width", "abc", "--width: expected a number, got \"abc\""),
    ("--style", "fad", "--style: unknown value 'fad'; did you mean 'fade'?"),
  ])
  func aBadFlagValueNamesTheFlag(flag: String, value: String, message: String) {
    do {
      _ = try flagSettings([(flag, value)])
      Issue.record("\(flag) \(value) was accepted")
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }

  @Test func aFlagTakesNullAndObjectsAsItsKeyDoes() throws {
    let fromFlags = try flagSettings([
      ("--font", #"{"style": "headline", "family": "DejaVu Serif"}"#), ("--background", "null"),
    ])
    let fromManifest = try manifestSettings(
      #"{"font": {"style": "headline", "family": "DejaVu Serif"}, "background": null}"#)
    #expect(fromFlags.component(text: "x") == fromManifest.component(text: "x"))
    #expect(fromFlags.renderOptions == fromManifest.renderOptions)
    #expect(fromFlags.component(text: "x").font != ExpandableText(text: "x").font)
  }

  @Test func anItemOverridesTheDefaultsSettingBySetting() throws {
    let defaults = try manifestSettings(
      #"{"lineLimit": 4, "expandButton": {"text": "more", "color": "red"}, "scale": 3}"#)
    let item = try manifestSettings(#"{"lineLimit": 2, "expandButton": {"text": "More"}}"#)
    let merged = defaults.overridden(by: item)
    let component = merged.component(text: "x")
    #expect(component.lineLimit == 2)
    #expect(component.expandButton.text == "More")
    #expect(component.expandButton.color == .red)
    #expect(merged.renderOptions.scale == 3)
  }

  @Test func suggestionsComeFromTheKnownNames() {
    #expect(
      UsageError.unknownOption("--ot", command: "render", known: RenderTextCommand.flagNames)
        .description
        == "unknown option '--ot' for render (did you mean '--out'?); see 'render --help'")
    #expect(
      CommandOptionsTests.optionsMentioned(in: "  --jobs N, --only NAME…\n  [--quiet | --json]")
        == [
          "--jobs", "--only", "--quiet", "--json",
        ])
  }
}

/// The manifest decoder, in process.
@Suite struct ManifestDecoderTests {
  private func errors(_ json: String) -> [String] {
    do {
      _ = try ManifestDecoder.decode(ManifestSource(path: "m.json", bytes: Array(json.utf8)))
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  @Test func aMistakeInDefaultsDoesNotHideTheItemsMistakes() {
    let found = errors(
      #"{"defaults": {"lineLimit": 0}, "variants": {"scale": []}, "items": [{"name": "a", "text": "x", "scale": 9}, {"name": "b"}]}"#
    )
    #expect(found.count == 4, "\(found)")
    #expect(found.contains { $0.contains("defaults, key 'lineLimit': must be 1 to 1000, got 0") })
    #expect(found.contains { $0.contains("key 'variants.scale': needs at least one value") })
    #expect(found.contains { $0.contains("item 'a', key 'scale': must be 1 to 4, got 9") })
    #expect(found.contains { $0.contains("item 'b' needs 'text' or 'textFile'") })
  }

  @Test func aValidManifestDecodesWithDefaultsApplied() throws {
    let manifest = try ManifestDecoder.decode(
      ManifestSource(
        path: "m.json",
        bytes: Array(
          #"{"defaults": {"lineLimit": 2}, "items": [{"name": "a", "text": "x"}]}"#.utf8)))
    #expect(manifest.items.map(\.name) == ["a"])
    #expect(manifest.items[0].component.lineLimit == 2)
  }
}

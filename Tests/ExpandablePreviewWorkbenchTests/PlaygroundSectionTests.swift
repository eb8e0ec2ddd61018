import Testing

@testable import ExpandablePreviewEngine
@testable import ExpandablePreviewWorkbench

/// The playground's sections: the workbench places the settings table's keys (the table knows
/// no page), and the same settings stand in the same sections as the page's first list did.
@Suite struct PlaygroundSectionTests {
  @Test func everySettingStandsInTheSectionThePageShowedItIn() {
    var keys: [PlaygroundSection: [String]] = [:]
    for setting in ComponentSettings.table {
      keys[PlaygroundSection(showing: setting.key), default: []].append(setting.key)
    }
    #expect(
      Set(keys[.canvas] ?? []) == [
        "device", "width", "appearance", "scale", "padding", "background",
      ])
    #expect(
      Set(keys[.accessibility] ?? []) == [
        "dynamicType", "legibilityWeight", "colorSchemeContrast", "accessibilityReduceMotion",
        "accessibilityOverlay",
      ])
    #expect(keys[.expandLabel] == ["expandButton"])
    #expect(keys[.collapseLabel] == ["collapseButton"])
    #expect(keys[.animation] == ["animation"])
    #expect((keys[.text] ?? []).contains("lineLimit"))
  }

  @Test func everyControlNamesASectionThePageShows() {
    let titles = Set(PlaygroundSection.allCases.map(\.rawValue))
    let controls = ComponentSettings.controls
    #expect(!controls.isEmpty)
    for control in controls { #expect(titles.contains(control.section), "\(control.flag)") }
    for section in PlaygroundSection.allCases {
      #expect(controls.contains { $0.section == section.rawValue }, "\(section) has no control")
    }
  }

  @Test func everyKeyASectionNamesIsASettingOfTheTable() {
    let table = Set(ComponentSettings.table.map(\.key))
    for (section, keys) in PlaygroundSection.keys {
      for key in keys { #expect(table.contains(key), "\(section) names '\(key)'") }
    }
  }
}

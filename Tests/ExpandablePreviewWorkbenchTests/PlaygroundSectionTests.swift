import Testing

@testable import ExpandablePreviewEngine

/// The playground's sections come from the settings' declarations (they were a list in the
/// page's script): the same settings stand in the same sections as that list put them.
@Suite struct PlaygroundSectionTests {
  @Test func everySettingStandsInTheSectionThePageShowedItIn() {
    var keys: [PlaygroundSection: [String]] = [:]
    for setting in ComponentSettings.table {
      keys[setting.section, default: []].append(setting.key)
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
}

import ExpandablePreview

/// The control that edits one flag of the settings table in the workbench's playground: made
/// from the flag itself (its name, key path, value kind and help), so a setting added to
/// ``ComponentSettings/table`` with a flag gets its control without another list. The page
/// sends back the flag's text, which is read exactly as `render --text` reads it.
package struct SettingControl: Sendable, Encodable, Equatable {
  /// How the page edits the value.
  package enum Kind: String, Sendable, Encodable {
    /// One of `choices`.
    case choice
    /// A checkbox: the flag is given or not.
    case toggle
    /// A number field (`min`/`max` when known; a slider for the width).
    case number
    case slider
    /// A color: `#RRGGBB`, `#RRGGBBAA` or a system color name.
    case color
    /// Free text (labels, fonts, the ellipsis, numbers separated by commas).
    case text
  }

  /// The flag, `--line-limit`, which the page sends back with the value.
  package var flag: String
  /// The manifest key path, `lineLimit` or `expandButton.color`.
  package var path: String
  /// The setting's manifest key, which groups label fields.
  package var key: String
  package var kind: Kind
  package var choices: [String] = []
  /// Suggestions for free text (text styles for a font).
  package var suggestions: [String] = []
  package var min: Double?
  package var max: Double?
  /// The help line, with the default.
  package var help: String
}

extension ComponentSettings {
  /// One control per flag of ``table``, in the table's order.
  package static var controls: [SettingControl] {
    table.flatMap { setting in
      setting.flags.map { flag in
        var control = SettingControl(
          flag: flag.name, path: flag.path, key: setting.key, kind: .text,
          help: flag.summary ?? "\(setting.summary) (default \(setting.defaultValue))")
        switch flag.value {
        case .presence: control.kind = .toggle
        case .number: control.kind = .number
        case .string, .numbers: control.kind = .text
        }
        let choices = Self.choices(forValueName: flag.valueName)
        if !choices.isEmpty {
          control.kind = .choice
          control.choices = choices
        }
        switch flag.valueName {
        case "COLOR":
          control.kind = .color
          control.suggestions = Color.systemColorNames
        case "FONT": control.suggestions = TextStyle.allCases.map(\.rawValue)
        default: break
        }
        switch flag.path {
        case "width":
          control.kind = .slider
          (control.min, control.max) = (1, RenderLimits.maxWidth)
        case "lineLimit": (control.min, control.max) = (1, Double(RenderLimits.maxLineLimit))
        case "scale":
          (control.min, control.max) = (
            Double(RenderLimits.scales.lowerBound), Double(RenderLimits.scales.upperBound)
          )
        default: break
        }
        return control
      }
    }
  }

  /// The values a flag takes when they are a closed set, by the flag's value name.
  private static func choices(forValueName name: String) -> [String] {
    switch name {
    case "STYLE": TruncationStyle.allCases.map(\.rawValue)
    case "DIR": TextDirection.allCases.map(\.rawValue)
    case "MODE": Appearance.allCases.map(\.rawValue)
    case "SIZE": DynamicTypeSize.allCases.map(\.rawValue)
    case "CURVE": AnimationSettings.Curve.allCases.map(\.rawValue)
    case "WHERE": CollapsePlacement.allCases.map(\.rawValue)
    case "NAME": Device.all.map(\.name)
    case "WEIGHT": LegibilityWeight.allCases.map(\.rawValue)
    case "CONTRAST": ColorSchemeContrast.allCases.map(\.rawValue)
    default: []
    }
  }
}

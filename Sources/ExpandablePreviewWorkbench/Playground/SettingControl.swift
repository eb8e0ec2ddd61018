import ExpandablePreview
import ExpandablePreviewEngine

/// The control that edits one flag of the settings table in the workbench's playground: made
/// from the flag's declaration (its name, key path, input, label and help), so a setting added
/// to ``ComponentSettings/table`` with a flag gets its control without another list. The page
/// sends back the flag's text, which is read exactly as `render --text` reads it.
struct SettingControl: Sendable, Encodable, Equatable {
  /// How the page edits the value.
  enum Kind: String, Sendable, Encodable {
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
  var flag: String
  /// The manifest key path, `lineLimit` or `expandButton.color`.
  var path: String
  /// The setting's manifest key, which groups label fields.
  var key: String
  /// The title of the playground's section that shows the control (``PlaygroundSection``).
  var section: String
  var kind: Kind
  /// The name a designer knows (iOS's own where it has one): `Bold Text`.
  var label: String
  var choices: [String] = []
  /// A choice's words where iOS says it otherwise (`bold`: `On`).
  var choiceLabels: [String: String] = [:]
  /// Suggestions for free text (text styles for a font).
  var suggestions: [String] = []
  var min: Double?
  var max: Double?
  /// The help line, with the default.
  var help: String
}

extension ComponentSettings {
  /// One control per flag of ``table``, in the table's order.
  static var controls: [SettingControl] {
    table.flatMap { setting in
      setting.flags.map { flag in
        var control = SettingControl(
          flag: flag.name, path: flag.path, key: setting.key,
          section: PlaygroundSection(showing: setting.key).rawValue,
          kind: .text, label: flag.label,
          help: flag.summary ?? "\(setting.summary) (default \(setting.defaultValue))")
        switch flag.input {
        case .choice(let choices, let labels):
          control.kind = .choice
          control.choices = choices
          control.choiceLabels = labels
        case .color:
          control.kind = .color
          control.suggestions = Color.systemColorNames
        case .font: control.suggestions = TextStyle.allCases.map(\.rawValue)
        case .text, .numbers: control.kind = .text
        case .toggle: control.kind = .toggle
        case .number(let range):
          control.kind = .number
          (control.min, control.max) = (range?.lowerBound, range?.upperBound)
        case .slider(let range):
          control.kind = .slider
          (control.min, control.max) = (range.lowerBound, range.upperBound)
        }
        return control
      }
    }
  }
}

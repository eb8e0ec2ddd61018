/// A setting whose value breaks a rule of the rule book (``SettingRules``): which setting, what
/// the rule asks, and the value given. Front ends place it (a manifest's file:line:column and
/// key, a command-line flag) and keep the words.
public struct SettingProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The setting a rule is about, named as the API names it.
  public enum Setting: Sendable, Hashable, CustomStringConvertible {
    /// The render options and component values named alike.
    case width, scale, lineLimit, lineSpacing, language, framesPerSecond
    /// An animation's duration and a spring's response and damping fraction.
    case duration, response, dampingFraction
    /// One edge of the padding: `top`, `leading`, `bottom` or `trailing`.
    case padding(String)
    /// The size in a font description: `font`, `expandButton font`, `collapseButton font`.
    case fontSize(String)
    /// A text of the component: `text`, `ellipsis`, `expandButton text`, `collapseButton text`.
    case text(String)
    /// The collapse label, which some states need.
    case collapseButton

    /// The setting's name, as messages write it.
    public var description: String {
      switch self {
      case .width: "width"
      case .scale: "scale"
      case .lineLimit: "lineLimit"
      case .lineSpacing: "lineSpacing"
      case .language: "language"
      case .framesPerSecond: "framesPerSecond"
      case .duration: "duration"
      case .response: "response"
      case .dampingFraction: "dampingFraction"
      case .padding(let edge): "padding \(edge)"
      case .fontSize(let font): "\(font) size"
      case .text(let name): name
      case .collapseButton: "collapseButton"
      }
    }
  }

  /// The setting the rule is about.
  public var setting: Setting
  /// What the rule asks, without the setting's name: "must be 1 to 4".
  public var requirement: String
  /// The value given, as the library writes it; nil when the rule is about more than one value.
  public var value: String?

  /// A problem with `setting`: `requirement` is what the rule asks, `value` what was given.
  public init(_ setting: Setting, _ requirement: String, value: String? = nil) {
    self.setting = setting
    self.requirement = requirement
    self.value = value
  }

  /// The requirement and the value, for a front end that names the setting its own way;
  /// `shownValue` replaces the value as the user wrote it (a manifest's `1e7`).
  public func detail(shownValue: String? = nil) -> String {
    guard let value = shownValue ?? value else { return requirement }
    return "\(requirement), got \(value)"
  }

  /// "lineSpacing must be 0 to 1000 points, got 10000000.0".
  public var description: String { "\(setting) \(detail())" }
}

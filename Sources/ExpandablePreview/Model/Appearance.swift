/// The system appearance a component is rendered in; named colors resolve per appearance.
public enum Appearance: String, Sendable, Hashable, CaseIterable, Codable {
  /// Light mode.
  case light
  /// Dark mode.
  case dark
}

/// How a face names the settings in ``ItemRule``'s words: a manifest's keys, or
/// `render --text`'s flags. The rules and their words are written once; only the names differ.
package struct SettingNames: Sendable {
  /// What renders: "the item", "render --text".
  var subject: String
  /// A setting's name for "leave out …": `accessibilityOverlay`, `--accessibility-overlay`.
  var name: @Sendable (String) -> String
  /// A setting's name where it stands alone: `'formats'`, `--format`.
  package var quoted: @Sendable (String) -> String
  /// A collapse label's text: `'text'`, `a text (--less TEXT)`.
  var labelText: String
  var addStill: String
  var addPNG: String
  var setAnimation: String
  var setCollapseLabel: String
  var leaveOut: @Sendable (OutputState) -> String
  var leaveOutVectors: @Sendable ([OutputFormat]) -> String

  /// The manifest's keys.
  package static let manifest = SettingNames(
    subject: "the item", name: { $0 }, quoted: { "'\($0)'" }, labelText: "'text'",
    addStill: "add 'collapsed' or 'expanded' to 'states'", addPNG: "add \"png\" to 'formats'",
    setAnimation: "set 'animation' (for example \"easeOut\")",
    setCollapseLabel: "set 'collapseButton'", leaveOut: { "leave '\($0.rawValue)' out" },
    leaveOutVectors: { _ in "leave out the vector formats" })

  /// `render --text`'s flags.
  package static let flags = SettingNames(
    subject: "render --text", name: { flagName[$0] ?? $0 }, quoted: { flagName[$0] ?? $0 },
    labelText: "a text (--less TEXT)",
    addStill: "add --state collapsed or --state expanded", addPNG: "add --format png",
    setAnimation: "add --animate CURVE (for example easeOut)",
    setCollapseLabel: "add --less TEXT", leaveOut: { "choose another --state than \($0.rawValue)" },
    leaveOutVectors: { vectors in
      "write a .png (--out FILE.png, no --format \(vectors.map(\.rawValue).joined(separator: "/")))"
    })

  /// The flag a key is given with (``Setting/flagName``), from the table.
  private static let flagName = Dictionary(
    uniqueKeysWithValues: ComponentSettings.table.compactMap { setting in
      setting.flagName.map { (setting.key, $0) }
    })
}

import ExpandablePreview
import ExpandablePreviewGolden
import Testing

/// The change words say "cut" only where a render hides text: a text shown whole (it fits, or
/// is expanded) whose length changed changed its visible text; a cut that appears or goes is
/// said as such.
@Suite struct LayoutChangeWordingTests {
  /// Facts of a render showing `visible` of `whole` (VoiceOver reads the whole): a real
  /// render's, with those fields set.
  static func facts(_ visible: String, of whole: String, exceeds: Bool) throws
    -> LayoutRecord.Facts
  {
    var facts = LayoutRecord.Facts(
      try Renderer().render(ExpandableText(text: "x"), options: RenderOptions(width: 300)).layout)
    facts.visibleText = visible
    facts.cut = visible.count
    facts.exceedsLineLimit = exceeds
    facts.accessibilityElements = [
      AccessibilityElement(
        label: whole, traits: [.staticText], frame: Rect(x: 0, y: 0, width: 300, height: 40))
    ]
    return facts
  }

  static func words(_ old: LayoutRecord.Facts, _ new: LayoutRecord.Facts) -> [String] {
    LayoutRecord(still: old, fonts: []).changes(to: LayoutRecord(still: new, fonts: [])).map(
      \.description)
  }

  @Test func anExpandedTextThatChangedIsNotACutThatMoved() throws {
    let old = "The whole text, shown expanded."
    let new = "The whole text, shown expanded, now longer."
    // Expanded: it exceeds the line limit, yet shows everything.
    let words = try Self.words(
      try Self.facts(old, of: old, exceeds: true), try Self.facts(new, of: new, exceeds: true))
    #expect(words.first?.hasPrefix("visible text changed: ") == true, "\(words)")
    #expect(!words.contains { $0.contains("cut") }, "\(words)")
  }

  @Test func aTextThatWasNeverCutIsNotACutThatMoved() throws {
    let words = try Self.words(
      try Self.facts("Short.", of: "Short.", exceeds: false),
      try Self.facts("Short, edited.", of: "Short, edited.", exceeds: false))
    #expect(words.first?.hasPrefix("visible text changed: ") == true, "\(words)")
  }

  @Test func aCutThatAppearsOrGoesIsSaidSo() throws {
    let whole = "A text that fits in two lines."
    let longer = "A text that no longer fits in two lines, because it grew."
    let started = try Self.words(
      try Self.facts(whole, of: whole, exceeds: false),
      try Self.facts("A text that no longer ", of: longer, exceeds: true))
    #expect(started.first?.hasPrefix("now cut at character 22 (was whole): ") == true, "\(started)")
    let ended = try Self.words(
      try Self.facts("A text that no longer ", of: longer, exceeds: true),
      try Self.facts(whole, of: whole, exceeds: false))
    #expect(ended.first?.hasPrefix("no longer cut (was cut at character 22): ") == true, "\(ended)")
  }

  @Test func aCutThatMovedInACutTextIsStillACutThatMoved() throws {
    let whole = "A text that no longer fits in two lines, because it grew."
    let words = try Self.words(
      try Self.facts("A text that no longer ", of: whole, exceeds: true),
      try Self.facts("A text that ", of: whole, exceeds: true))
    #expect(words.first?.hasPrefix("cut moved from character 22 to 12: ") == true, "\(words)")
  }
}
